/** `genesys-notebook/plot`: Observable Plot figures from DataFrames (inline in Deno Jupyter, SVG files from scripts). */
import "../native.ts";
import { configureOnImport } from "../display/terminal.ts";
configureOnImport();

export { Figure, render } from "./figure.ts";
export {
  acquisitionTimeline,
  collectingSitesMap,
  countryBar,
  domesticationRank,
  MAX_POINTS,
  MIN_BOX_N,
  SAMPSTAT_LABELS,
  sampstatBar,
  traitBox,
  traitHistogram,
  traitScatter,
} from "./helpers.ts";
export { traitAcrossDatasets, traitByDataset, type TraitFrames, traitPairByDataset } from "./traits.ts";
export {
  type Categories,
  categories,
  CATEGORY_COLOURS,
  datasetNames,
  OTHER_COLOUR,
  paddedDomain,
  shortenMiddle,
  type Units,
  UNKNOWN_COLOUR,
  withDatasetNames,
  withUnit,
} from "./labels.ts";
export { type BBox, type MapExtent, REGIONS } from "./extent.ts";
export { findingsMap, type FindingsMapOptions } from "./quality.ts";
export { sharedMaterialMatrix } from "./duplicates.ts";
export { recordedDecimals, roundedLikeData } from "./precision.ts";
export { COUNTRY_NAMES_FILE, CountryNamesFile, readingCountryName, SHORT_COUNTRY_NAMES } from "./country-names.ts";
export { READABLE_COLUMNS, readableColumns, readablePassports, withTaxon } from "./readable.ts";
export { coreCoverage, coreMap, corePcaScatter, type CoreResultLike } from "./core-collection.ts";
export { classBreaks, climateSitesMap, climateSpace, niceNumber, stripRing } from "./climate.ts";
export { figsBestBetsMap, figsConfusion, figsProbabilityPlot, topVariable } from "./figs.ts";
