# Country centroids by two usual definitions on two independent maps, and real places to hold the coord-centroid rule
# against: the fixtures of test/quality-centroids.test.ts (issue 45, item 9). Run from the repository's root:
#   Rscript scripts/peers/country-centroids.R
# Needs R with sf (>= 1.0, s2), maps (3.4.1) and mapdata (2.3.1) (Debian: r-cran-sf r-cran-maps r-cran-mapdata).
#
# Maps (neither is the checker's own OpenStreetMap land map, @geo-maps/countries-land-1km):
# - "natural-earth": maps::map("world"), Natural Earth's 1:50m admin-0 countries as the maps package ships them (maps 3.x);
# - "cia-wdb2": mapdata::map("worldHires"), the CIA World Data Bank II (1980s coastlines and borders; regions that are
#   no country today, such as the USSR, have no ISO code and are left out).
# Definitions, for each ISO 3166 country of each map:
# - "largest-part": the area centroid of the country's largest polygon;
# - "whole-equal-area": the area centroid of all its polygons;
# both in the Equal Earth projection (EPSG:8857: areas true; the checker's own use Lambert's cylindrical equal-area), back
# to degrees.
# Real places: maps::world.cities (World Gazetteer: cities of about 40,000 people or more and all capitals), 5,000 drawn
# with seed 45, with their country's ISO code: points the project did not place, most of them not at a centre.
suppressMessages({
  library(sf)
  library(maps)
  library(mapdata)
})
sf_use_s2(FALSE)
out <- "test/fixtures/centroids"
dir.create(out, showWarnings = FALSE, recursive = TRUE)

# an ISO 3166-1 alpha-3 code, or NA (maps gives "???" for a region it knows without a code, such as Kosovo)
iso3 <- function(region) {
  code <- suppressWarnings(maps::iso.alpha(region, n = 3))
  ifelse(grepl("^[A-Z]{3}$", code), code, NA)
}

centroids <- function(db, label) {
  m <- st_as_sf(maps::map(db, fill = TRUE, plot = FALSE))
  m$region <- sub(":.*$", "", m$ID)
  m$iso3 <- iso3(m$region)
  m <- m[!is.na(m$iso3), ]
  m <- st_make_valid(m)
  rows <- list()
  for (code in sort(unique(m$iso3))) {
    g <- st_union(st_geometry(m[m$iso3 == code, ]))
    g <- st_transform(st_collection_extract(st_make_valid(g), "POLYGON"), 8857)
    parts <- st_cast(st_cast(g, "MULTIPOLYGON"), "POLYGON")
    largest <- parts[which.max(st_area(parts))]
    a <- st_coordinates(st_transform(st_centroid(largest), 4326))
    w <- st_coordinates(st_transform(st_centroid(st_union(g)), 4326))
    rows[[length(rows) + 1]] <- data.frame(
      map = label, iso3 = code,
      definition = c("largest-part", "whole-equal-area"),
      longitude = round(c(a[1, "X"], w[1, "X"]), 5), latitude = round(c(a[1, "Y"], w[1, "Y"]), 5)
    )
  }
  do.call(rbind, rows)
}

cc <- rbind(centroids("world", "natural-earth"), centroids("worldHires", "cia-wdb2"))
write.csv(cc, file.path(out, "country-centroids.csv"), row.names = FALSE, quote = FALSE)

data(world.cities, package = "maps")
cities <- world.cities
cities$iso3 <- iso3(cities$country.etc)
cities <- cities[!is.na(cities$iso3), ]
set.seed(45)
cities <- cities[sort(sample(nrow(cities), 5000)), ]
write.csv(
  data.frame(name = cities$name, iso3 = cities$iso3, longitude = cities$long, latitude = cities$lat, capital = cities$capital),
  file.path(out, "world-cities.csv"), row.names = FALSE
)
cat(sprintf("%d centroids (%d countries on natural-earth, %d on cia-wdb2), %d cities\n", nrow(cc),
  sum(cc$map == "natural-earth") / 2, sum(cc$map == "cia-wdb2") / 2, nrow(cities)))
