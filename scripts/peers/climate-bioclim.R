# Peer answers for bioclim(): icardaFIGSr's bundled WorldClim tables and QBMS's calc_biovars on the same monthly values.
#
#   Rscript scripts/peers/climate-bioclim.R <icardaFIGSr checkout> <QBMS checkout>
#
# Writes test/fixtures/climate/ (run from the repository's root):
#   figsr-durumWC.csv      icardaFIGSr data/durumWC.rda: 200 durum wheat sites, WorldClim 1.4 (°C x 10, integers), monthly
#                          tmin/tmax/prec and WorldClim's own bio1-bio19 at the site
#   figsr-BarleyRNOWC.csv  icardaFIGSr data/BarleyRNOWC.rda: 200 barley rows, WorldClim 2.1 (°C, floats), same columns
#   qbms-<table>.csv       QBMS::calc_biovars (its R/terraclimate.R, sourced, not installed) on each table's monthly values
# icardaFIGSr (ICARDA, MIT) and QBMS (ICARDA, GPL-3) are read from checkouts and never copied into this repository;
# only their tables' rows and calc_biovars' answers are kept, as test fixtures.
args <- commandArgs(trailingOnly = TRUE)
if (length(args) != 2) stop("usage: Rscript scripts/peers/climate-bioclim.R <icardaFIGSr checkout> <QBMS checkout>")
figsr <- args[[1]]
qbms <- args[[2]]
env <- new.env()
sys.source(file.path(qbms, "R", "terraclimate.R"), envir = env, keep.source = FALSE)
calc_biovars <- get("calc_biovars", envir = env)
out <- file.path("test", "fixtures", "climate")
dir.create(out, recursive = TRUE, showWarnings = FALSE)

norm <- function(x) {
  # BarleyRNOWC spells tmin_01 and bio_1; durumWC tmin1 and bio1: one spelling, tmin1 ... bio19
  names(x) <- sub("^(tmin|tmax|prec|bio)_0?([0-9]+)$", "\\1\\2", names(x))
  x
}
for (table in c("durumWC", "BarleyRNOWC")) {
  e <- new.env()
  load(file.path(figsr, "data", paste0(table, ".rda")), envir = e)
  x <- norm(get(table, envir = e))
  keep <- c(intersect(c("SiteCode", "Longitude", "Latitude"), names(x)),
            paste0("tmin", 1:12), paste0("tmax", 1:12), paste0("prec", 1:12), paste0("bio", 1:19))
  x <- x[, keep]
  x$row <- seq_len(nrow(x))
  write.csv(x[, c("row", keep)], file.path(out, paste0("figsr-", table, ".csv")), row.names = FALSE)
  long <- data.frame(
    year = rep(seq_len(nrow(x)), each = 12),
    ppt = as.vector(t(as.matrix(x[, paste0("prec", 1:12)]))),
    tmin = as.vector(t(as.matrix(x[, paste0("tmin", 1:12)]))),
    tmax = as.vector(t(as.matrix(x[, paste0("tmax", 1:12)])))
  )
  b <- calc_biovars(long)
  names(b)[names(b) == "year"] <- "row"
  write.csv(b[, c("row", paste0("bio", 1:19))], file.path(out, paste0("qbms-", table, ".csv")), row.names = FALSE)
  cat(table, nrow(x), "rows\n")
}
