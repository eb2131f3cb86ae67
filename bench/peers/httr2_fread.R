# Peer: R httr2 + data.table::fread, timed from the request to a data.table in memory.
#   Rscript bench/peers/httr2_fread.R <url> <token> <rows> <select>
# Prints one JSON line like bench/case.ts.
suppressPackageStartupMessages({ library(httr2); library(data.table) })
args <- commandArgs(trailingOnly = TRUE)
status_mb <- function(key) {
  l <- readLines("/proc/self/status")
  as.numeric(gsub("[^0-9]", "", l[startsWith(l, key)])) / 1024
}
idle <- status_mb("VmRSS:")
t0 <- Sys.time()
resp <- request(paste0(args[1], "/api/v2/acn/query")) |>
  req_url_query(l = args[3], select = args[4]) |>
  req_headers(Authorization = paste("Bearer", args[2]), Accept = "text/csv, */*") |>
  req_body_raw("{}", type = "application/json") |>
  req_perform()
body <- resp_body_raw(resp)
dt <- fread(text = rawToChar(body), sep = "\t", quote = "\"")
secs <- as.numeric(difftime(Sys.time(), t0, units = "secs"))
cat(sprintf('{"case":"fread","rows":%d,"bytes":%d,"seconds":%f,"peakRssMB":%f,"idleRssMB":%f,"endRssMB":%f}\n',
  nrow(dt), length(body), secs, status_mb("VmHWM:"), idle, status_mb("VmRSS:")))
