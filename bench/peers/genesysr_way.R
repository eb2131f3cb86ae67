# Peer: what the official R client genesysr 2.2.0 does (§5.1a and §11 of genesys-notes.md, the service notes kept outside this repository): a multipart POST with
# mcpd, filter and select fields, then read.csv(text = body, sep = "\t"). Written from that
# description; genesysr itself is not on CRAN/Debian here.
#   Rscript bench/peers/genesysr_way.R <url> <token> <rows> <select>
suppressPackageStartupMessages(library(httr2))
args <- commandArgs(trailingOnly = TRUE)
status_mb <- function(key) {
  l <- readLines("/proc/self/status")
  as.numeric(gsub("[^0-9]", "", l[startsWith(l, key)])) / 1024
}
idle <- status_mb("VmRSS:")
t0 <- Sys.time()
resp <- request(paste0(args[1], "/api/v2/acn/query")) |>
  req_url_query(p = 0, l = args[3]) |>
  req_headers(Authorization = paste("Bearer", args[2]), Accept = "text/csv,*/*") |>
  req_body_multipart(mcpd = "true", filter = "{}", select = args[4]) |>
  req_perform()
text <- resp_body_string(resp)
df <- read.csv(text = text, sep = "\t")
secs <- as.numeric(difftime(Sys.time(), t0, units = "secs"))
cat(sprintf('{"case":"genesysr-way","rows":%d,"bytes":%d,"seconds":%f,"peakRssMB":%f,"idleRssMB":%f,"endRssMB":%f}\n',
  nrow(df), nchar(text, type = "bytes"), secs, status_mb("VmHWM:"), idle, status_mb("VmRSS:")))
