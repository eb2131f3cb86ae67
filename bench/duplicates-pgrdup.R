# PGRdup's own example, with its vignette's settings: GN1000 cleaned (DataClean, MergeKW, MergePrefix, MergeSuffix),
# its KWIC index, and ProbDup(method = "a") with the vignette's exceptions and synsets. Writes to the folder given:
#   gn1000-fields.tsv   the cleaned fields (NationalID first, the primary key), as ProbDup saw them
#   gn1000-sets.tsv     TYPE (F fuzzy, P phonetic, S semantic), SET_NO, ID (comma-separated PRIM_IDs)
#   gn1000-merged.tsv   DisProbDup(combine = c("F", "P", "S")): the merged disjoint sets
#   gn1000-times.tsv    seconds of ProbDup, one row per run
# Run by bench/duplicates-pgrdup.ts: Rscript bench/duplicates-pgrdup.R <out dir> <runs>
suppressPackageStartupMessages(library(PGRdup))
args <- commandArgs(trailingOnly = TRUE)
out <- args[1]
runs <- if (length(args) > 1) as.integer(args[2]) else 3L
data.table::setDTthreads(1)
GN <- GN1000
GNfields <- c("NationalID", "CollNo", "DonorID", "OtherID1", "OtherID2")
GN[GNfields] <- lapply(GN[GNfields], function(x) DataClean(x))
y1 <- list(c("Gujarat", "Dwarf"), c("Castle", "Cary"), c("Small", "Japan"),
           c("Big", "Japan"), c("Mani", "Blanco"), c("Uganda", "Erect"),
           c("Mota", "Company"))
y2 <- c("Dark", "Light", "Small", "Improved", "Punjab", "SAM")
y3 <- c("Local", "Bold", "Cary", "Mutant", "Runner", "Giant", "No.",
        "Bunch", "Peanut")
GN[GNfields] <- lapply(GN[GNfields], function(x) MergeKW(x, y1, delim = c("space", "dash")))
GN[GNfields] <- lapply(GN[GNfields], function(x) MergePrefix(x, y2, delim = c("space", "dash")))
GN[GNfields] <- lapply(GN[GNfields], function(x) MergeSuffix(x, y3, delim = c("space", "dash")))
write.table(GN[GNfields], file.path(out, "gn1000-fields.tsv"), sep = "\t", quote = FALSE, row.names = FALSE, na = "")
GNKWIC <- KWIC(GN, GNfields)
exep <- c("A", "B", "BIG", "BOLD", "BUNCH", "C", "COMPANY", "CULTURE",
          "DARK", "E", "EARLY", "EC", "ERECT", "EXOTIC", "FLESH", "GROUNDNUT",
          "GUTHUKAI", "IMPROVED", "K", "KUTHUKADAL", "KUTHUKAI", "LARGE",
          "LIGHT", "LOCAL", "OF", "OVERO", "P", "PEANUT", "PURPLE", "R",
          "RED", "RUNNER", "S1", "SAM", "SMALL", "SPANISH", "TAN", "TYPE",
          "U", "VALENCIA", "VIRGINIA", "WHITE")
syn <- list(c("CHANDRA", "AH114"), c("TG1", "VIKRAM"))
times <- numeric(0)
for (i in seq_len(runs)) {
  t0 <- proc.time()[["elapsed"]]
  GNdup <- suppressMessages(ProbDup(kwic1 = GNKWIC, method = "a", excep = exep, fuzzy = TRUE,
                                    phonetic = TRUE, encoding = "primary", semantic = TRUE, syn = syn))
  times <- c(times, proc.time()[["elapsed"]] - t0)
}
sets <- do.call(rbind, lapply(GNdup[!sapply(GNdup, is.null)], function(d) d[, c("TYPE", "SET_NO", "ID")]))
write.table(sets, file.path(out, "gn1000-sets.tsv"), sep = "\t", quote = FALSE, row.names = FALSE)
merged <- DisProbDup(GNdup, combine = c("F", "P", "S"))
write.table(merged[[4]][, c("SET_NO", "ID", "COUNT")], file.path(out, "gn1000-merged.tsv"), sep = "\t", quote = FALSE,
            row.names = FALSE)
write.table(data.frame(run = seq_along(times), seconds = times), file.path(out, "gn1000-times.tsv"), sep = "\t",
            quote = FALSE, row.names = FALSE)
