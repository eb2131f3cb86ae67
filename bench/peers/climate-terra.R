# terra::extract, the peer of climateAtSites() in bench/climate.ts.
#   Rscript bench/peers/climate-terra.R <folder of .tif> <points.f64> <out.f64> [bilinear]
# points.f64: n longitudes then n latitudes (little-endian doubles); out.f64: the values, layer after layer (NaN for NA).
# Prints one JSON line: {seconds, layers, sites, peakRssMB}: seconds from rast() to the extracted matrix.
suppressMessages(library(terra))
args <- commandArgs(trailingOnly = TRUE)
files <- list.files(args[[1]], pattern = "\\.tif$", full.names = TRUE)
files <- files[order(as.integer(sub(".*_([0-9]+)\\.tif$", "\\1", files)))]
size <- file.info(args[[2]])$size / 8
xy <- matrix(readBin(args[[2]], "double", size, endian = "little"), ncol = 2)
method <- if (length(args) > 3) args[[4]] else "simple"
t0 <- Sys.time()
r <- rast(files)
v <- extract(r, xy, method = method)
seconds <- as.numeric(difftime(Sys.time(), t0, units = "secs"))
m <- as.matrix(v)
m[is.na(m)] <- NaN
writeBin(as.vector(m), args[[3]], endian = "little")
status <- readLines("/proc/self/status")
hwm <- as.numeric(sub("[^0-9]*([0-9]+).*", "\\1", status[grepl("^VmHWM", status)])) / 1000
cat(sprintf('{"seconds": %.3f, "layers": %d, "sites": %d, "peakRssMB": %.0f}\n', seconds, ncol(m), nrow(m), hwm))
