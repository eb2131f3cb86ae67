# Peer answers for climateAtSites(): small GeoTIFFs written by GDAL (through terra), points on cell edges, on +-180 and
# +-90, outside and on no-data, and what terra::extract (simple and bilinear) and gdallocationinfo answer for them.
#
#   Rscript scripts/peers/climate-extract.R        (from the repository's root; needs R's terra, and gdal-bin for
#                                                   gdallocationinfo, which is skipped with a note when absent)
#
# Writes test/fixtures/climate/rasters/<name>.tif, <name>.points.csv (id, x, y) and <name>.terra.csv (id, simple,
# bilinear), and <name>.gdal.csv (id, value: gdallocationinfo -valonly -geoloc, raw cell values, empty off the raster).
# Numbers are written with 17 significant digits; NA is terra's NA.
suppressMessages(library(terra))
set.seed(41)
out <- file.path("test", "fixtures", "climate", "rasters")
dir.create(out, recursive = TRUE, showWarnings = FALSE)
f17 <- function(v) ifelse(is.na(v), "NA", sprintf("%.17g", v))

# name, grid, data type, GDAL creation options, no-data flag
specs <- list(
  list(name = "g10-f32-deflate-tiled", ext = c(-180, 180, -90, 90), nc = 36, nr = 18, type = "FLT4S",
       gdal = c("COMPRESS=DEFLATE", "PREDICTOR=3", "TILED=YES", "BLOCKXSIZE=16", "BLOCKYSIZE=16"), flag = -9999),
  list(name = "g5-i16-lzw-striped", ext = c(-180, 180, -90, 90), nc = 72, nr = 36, type = "INT2S",
       gdal = c("COMPRESS=LZW", "PREDICTOR=2", "BLOCKYSIZE=5"), flag = -32768),
  list(name = "r025-f32-lzw-tiled", ext = c(20, 50, 10, 40), nc = 120, nr = 120, type = "FLT4S",
       gdal = c("COMPRESS=LZW", "TILED=YES", "BLOCKXSIZE=32", "BLOCKYSIZE=32"), flag = -3.4e38),
  list(name = "r10m-i16-deflate-striped", ext = c(-17.5, -17.5 + 100 / 6, 5 - 90 / 6, 5), nc = 100, nr = 90, type = "INT2S",
       gdal = c("COMPRESS=DEFLATE", "PREDICTOR=2", "BLOCKYSIZE=7"), flag = -32768)
)

values_for <- function(s) {
  n <- s$nc * s$nr
  col <- rep(seq_len(s$nc), times = s$nr)
  row <- rep(seq_len(s$nr), each = s$nc)
  v <- 200 * sin(col / 7) + 150 * cos(row / 5) + rnorm(n, 0, 20)
  if (s$type == "INT2S") v <- round(v) else v <- v + runif(n) / 7
  v[sample(n, round(n / 25))] <- NA # no-data cells, written as the flag
  v
}

points_for <- function(s) {
  e <- s$ext
  xr <- (e[2] - e[1]) / s$nc
  yr <- (e[4] - e[3]) / s$nr
  ex <- e[1] + (0:s$nc) * xr # every vertical cell edge, the way a user computes it
  ey <- e[3] + (0:s$nr) * yr
  grid <- expand.grid(x = ex, y = ey)
  if (nrow(grid) > 1500) grid <- grid[sample(nrow(grid), 1500), ]
  inside <- data.frame(x = runif(1500, e[1], e[2]), y = runif(1500, e[3], e[4]))
  centres <- data.frame(x = e[1] + (sample(s$nc, 300, TRUE) - 0.5) * xr, y = e[3] + (sample(s$nr, 300, TRUE) - 0.5) * yr)
  tiny <- data.frame(x = sample(ex, 200, TRUE) + sample(c(-1, 1) * 1e-12, 200, TRUE),
                     y = sample(ey, 200, TRUE) + sample(c(-1, 1) * 1e-12, 200, TRUE))
  special <- data.frame(
    x = c(-180, 180, 180.000001, -180.000001, 190, -190, 360, -181, 0, 10, 25, e[1], e[2], e[1], e[2], e[2] + 1e-9, e[1] - 1e-9, 0, 30),
    y = c(0, 0, 0, 0, 10, 10, 0, 45, 90, -90, 90.0001, e[3], e[4], e[4], e[3], 20, 20, -90.5, NA)
  )
  p <- rbind(grid, inside, centres, tiny, special)
  data.frame(id = seq_len(nrow(p)), x = p$x, y = p$y)
}

for (s in specs) {
  r <- rast(nrows = s$nr, ncols = s$nc, xmin = s$ext[1], xmax = s$ext[2], ymin = s$ext[3], ymax = s$ext[4], crs = "EPSG:4326")
  values(r) <- values_for(s)
  if (s$type == "FLT4S") { # a NaN written as such too, besides the flag
    v <- values(r); v[c(5, 6, 7)] <- NaN; values(r) <- v
  }
  file <- file.path(out, paste0(s$name, ".tif"))
  writeRaster(r, file, overwrite = TRUE, datatype = s$type, NAflag = s$flag, gdal = s$gdal)
  r <- rast(file)
  p <- points_for(s)
  xy <- as.matrix(p[, c("x", "y")])
  simple <- extract(r, xy, method = "simple")[, 1]
  bil <- extract(r, xy, method = "bilinear")[, 1]
  write.csv(data.frame(id = p$id, x = f17(p$x), y = f17(p$y)), file.path(out, paste0(s$name, ".points.csv")), row.names = FALSE, quote = FALSE)
  write.csv(data.frame(id = p$id, simple = f17(simple), bilinear = f17(bil)), file.path(out, paste0(s$name, ".terra.csv")),
            row.names = FALSE, quote = FALSE)
  if (nzchar(Sys.which("gdallocationinfo"))) {
    ok <- !is.na(p$x) & !is.na(p$y)
    input <- paste(f17(p$x[ok]), f17(p$y[ok]))
    g <- system2("gdallocationinfo", c("-valonly", "-geoloc", file), input = input, stdout = TRUE, stderr = FALSE)
    length(g) <- sum(ok)
    gv <- rep("", nrow(p)); gv[ok] <- ifelse(is.na(g), "", g)
    write.csv(data.frame(id = p$id, value = gv), file.path(out, paste0(s$name, ".gdal.csv")), row.names = FALSE, quote = FALSE)
  } else {
    message("gdallocationinfo not found (apt install gdal-bin): ", s$name, ".gdal.csv not written")
  }
  cat(s$name, nrow(p), "points,", sum(is.na(simple)), "NA (simple),", sum(is.na(bil)), "NA (bilinear)\n")
}
cat("terra", as.character(packageVersion("terra")), "GDAL", gdal(), "\n")
