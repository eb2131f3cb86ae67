# The peer answers for the FIGS room (test/figs-peer.test.ts): icardaFIGSr's own tuneTrain() (sourced from its public
# repository, MIT, not copied here) run with Debian's R, caret and randomForest on icardaFIGSr's bundled data.
#
#   Rscript bench/peers/figs-caret.R <icardaFIGSr checkout> test/fixtures/figs [dataset:method ...]
#   Rscript bench/peers/figs-caret.R <icardaFIGSr checkout> test/fixtures/figs combine
#
# The runs (one per dataset and method; septoria:rf takes some 5 CPU minutes) can be run in separate processes, each
# writing its part (parts/<dataset>-<method>.csv); "combine" then joins the parts into caret.csv and importance.csv.
# "durum-dhe:rf:1" repeats the 10 folds once instead of ten times (the 10 x 10 run of DHE's rf needs about an hour of a
# free core; caret.csv's `repeats` says which). "seeds" then refits caret's chosen parameter with seeds 1-10 (seeds.csv).
#
# Writes, into the fixture folder:
#   septoria.csv, barley-rno.csv, durum-dhe.csv  the bundled data (ST_S, RNO, DHE and the 55 climate columns), as CSV
#   splits.csv    dataset, row (1-based, the CSV's data rows), part (training | test): tuneTrain's own split
#                 (set.seed(1234); createDataPartition(y, p = 0.7)), read back from its "Training Data"
#   caret.csv     dataset, method, sampling, the tuned parameter, and the test scores (Accuracy, Kappa, Sensitivity,
#                 Specificity, the no-information rate and its p-value; RMSE, Rsquared, MAE for DHE)
#   importance.csv dataset, method, variable, caret's varImp (scaled 0-100)
# tuneTrain's settings are its defaults: 10-fold CV repeated 10 times, tuneLength 10 then its refined grid, centre and
# scale, multiClassSummary (defaultSummary for DHE), positive = the first level; up-sampling for the unbalanced RNO.
args <- commandArgs(trailingOnly = TRUE)
repo <- if (length(args) >= 1) args[1] else "/work/.mirror/icarda+icardaFIGSr/repo"
out <- if (length(args) >= 2) args[2] else "test/fixtures/figs"
runs <- if (length(args) >= 3) args[-(1:2)] else c(outer(c("septoria", "barley-rno", "durum-dhe"), c("knn", "rf"), paste, sep = ":"))
parts <- file.path(out, "parts")
if (identical(runs, "combine")) {
  read <- function(pattern) do.call(rbind, lapply(sort(list.files(parts, pattern, full.names = TRUE)), read.csv))
  write.csv(read("-scores[.]csv$"), file.path(out, "caret.csv"), row.names = FALSE)
  write.csv(read("-importance[.]csv$"), file.path(out, "importance.csv"), row.names = FALSE)
  quit(save = "no")
}
dir.create(parts, showWarnings = FALSE)
suppressPackageStartupMessages({
  library(caret); library(randomForest); library(pROC); library(ggplot2)
})
src <- file.path(repo, "R", "tuneTrain.R")
if (!file.exists(src)) {
  system2("git", c("-C", repo, "show", "HEAD:R/tuneTrain.R"), stdout = (src <- tempfile(fileext = ".R")))
}
source(src)
rda <- function(name) {
  f <- file.path(repo, "data", paste0(name, ".rda"))
  if (!file.exists(f)) system2("git", c("-C", repo, "show", paste0("HEAD:data/", name, ".rda")), stdout = (f <- tempfile()))
  e <- new.env(); load(f, envir = e); as.data.frame(get(name, envir = e))
}
sets <- list(
  septoria = list(data = rda("septoriaDurumWC"), y = "ST_S", sampling = NULL, summary = multiClassSummary),
  `barley-rno` = list(data = rda("BarleyRNOWC"), y = "RNO", sampling = "up", summary = multiClassSummary),
  `durum-dhe` = list(data = rda("DurumWheatDHEWC"), y = "DHE", sampling = NULL, summary = defaultSummary)
)
if (runs[1] == "seeds") {
  # caret's final fit at tuneTrain's chosen parameter (caret.csv, or given as dataset:method=value), refitted on the
  # same training rows with seeds 1-10: train(method, tuneGrid = that value, trainControl(method = "none", sampling =
  # "up" for RNO), centre and scale) and scored on the test rows. What varies is the up-sampling draws (RNO), the
  # forest's bootstrap and column draws, and knn3's random choice between tied votes (seeds.csv)
  chosen <- read.csv(file.path(out, "caret.csv"))
  extra <- runs[-1]
  rows <- list()
  for (name in names(sets)) for (method in c("knn", "rf")) {
    s <- sets[[name]]; d <- s$data; rownames(d) <- NULL
    given <- sub(".*=", "", extra[startsWith(extra, paste0(name, ":", method, "="))])
    hit <- chosen[chosen$dataset == name & chosen$method == method, ]
    value <- if (length(given)) as.numeric(given) else if (nrow(hit)) hit$value else next
    set.seed(1234); idx <- as.integer(createDataPartition(y = d[[s$y]], p = 0.7, list = FALSE))
    tr <- d[idx, ]; te <- d[-idx, ]
    if (is.factor(d[[s$y]])) { levels(tr[[s$y]]) <- make.names(levels(tr[[s$y]])); levels(te[[s$y]]) <- levels(tr[[s$y]]) }
    grid <- setNames(data.frame(value), if (method == "knn") "k" else "mtry")
    for (seed in 1:10) {
      set.seed(seed)
      ctrl <- trainControl(method = "none", sampling = s$sampling, classProbs = is.factor(d[[s$y]]))
      fit <- suppressWarnings(train(tr[, names(tr) != s$y], tr[[s$y]], method = method, tuneGrid = grid,
                                    preProcess = c("center", "scale"), trControl = ctrl))
      p <- predict(fit, te[, names(te) != s$y])
      row <- data.frame(dataset = name, method = method, parameter = names(grid), value = value, seed = seed)
      if (is.factor(d[[s$y]])) {
        cm <- confusionMatrix(p, te[[s$y]])
        prob <- predict(fit, te[, names(te) != s$y], type = "prob")[[1]]
        auc <- as.numeric(pROC::auc(pROC::roc(te[[s$y]], prob, levels = rev(levels(te[[s$y]])), direction = "<", quiet = TRUE)))
        rows[[length(rows) + 1]] <- cbind(row, data.frame(accuracy = cm$overall[["Accuracy"]], kappa = cm$overall[["Kappa"]],
          auc = auc, rmse = NA, rsquared = NA))
      } else {
        q <- postResample(p, te[[s$y]])
        rows[[length(rows) + 1]] <- cbind(row, data.frame(accuracy = NA, kappa = NA, auc = NA, rmse = q[["RMSE"]], rsquared = q[["Rsquared"]]))
      }
    }
    print(tail(rows, 1))
  }
  write.csv(do.call(rbind, rows), file.path(out, "seeds.csv"), row.names = FALSE)
  quit(save = "no")
}
splits <- list()
for (name in names(sets)) {
  s <- sets[[name]]; d <- s$data
  rownames(d) <- NULL
  write.csv(d, file.path(out, paste0(name, ".csv")), row.names = FALSE)
  set.seed(1234)
  idx <- sort(as.integer(createDataPartition(y = d[[s$y]], p = 0.7, list = FALSE)))
  splits[[name]] <- data.frame(dataset = name, row = seq_len(nrow(d)), part = ifelse(seq_len(nrow(d)) %in% idx, "training", "test"))
  for (method in c("knn", "rf")) {
    # "dataset:method" runs tuneTrain's 10 x 10 CV; "dataset:method:R" repeats the 10 folds R times instead of 10
    asked <- runs[startsWith(runs, paste0(name, ":", method)) & sub("^([^:]*:[^:]*).*", "\\1", runs) == paste(name, method, sep = ":")]
    if (!length(asked)) next
    repeats <- if (grepl("^[^:]*:[^:]*:", asked[1])) as.integer(sub(".*:", "", asked[1])) else 10L
    t0 <- Sys.time()
    res <- suppressWarnings(tuneTrain(data = d, y = s$y, method = method, summary = s$summary, imbalanceMethod = s$sampling,
                                      repeats = repeats))
    used <- sort(as.integer(rownames(res$`Training Data`)))
    if (!identical(used, idx)) stop("tuneTrain's split differs from createDataPartition's for ", name)
    best <- res$Training$bestTune
    row <- data.frame(dataset = name, method = method, repeats = repeats, sampling = if (is.null(s$sampling)) "none" else s$sampling,
                      parameter = names(best)[1], value = best[[1]], seconds = round(as.numeric(Sys.time() - t0, units = "secs")))
    if (is.factor(d[[s$y]])) {
      cm <- res$ModelQuality
      row <- cbind(row, data.frame(positive = cm$positive, accuracy = cm$overall[["Accuracy"]], kappa = cm$overall[["Kappa"]],
        sensitivity = cm$byClass[["Sensitivity"]], specificity = cm$byClass[["Specificity"]],
        nir = cm$overall[["AccuracyNull"]], pvalue = cm$overall[["AccuracyPValue"]], rmse = NA, rsquared = NA, mae = NA))
    } else {
      q <- res$QualityMetrics
      row <- cbind(row, data.frame(positive = NA, accuracy = NA, kappa = NA, sensitivity = NA, specificity = NA, nir = NA,
        pvalue = NA, rmse = q[["RMSE"]], rsquared = q[["Rsquared"]], mae = q[["MAE"]]))
    }
    vi <- varImp(res$Training)$importance
    write.csv(row, file.path(parts, paste0(name, "-", method, "-scores.csv")), row.names = FALSE)
    write.csv(data.frame(dataset = name, method = method, variable = rownames(vi), importance = round(vi[[1]], 3)),
              file.path(parts, paste0(name, "-", method, "-importance.csv")), row.names = FALSE)
    print(row)
  }
}
write.csv(do.call(rbind, splits), file.path(out, "splits.csv"), row.names = FALSE)
cat("R", R.version$major, R.version$minor, "caret", as.character(packageVersion("caret")),
    "randomForest", as.character(packageVersion("randomForest")), "\n")
