/** `genesys-notebook/plot`: Observable Plot figures from DataFrames (inline in Deno Jupyter, SVG files from scripts). */
import "../native.ts";

export { Figure, render } from "./figure.ts";
export {
  acquisitionTimeline,
  collectingSitesMap,
  countryBar,
  MAX_POINTS,
  SAMPSTAT_LABELS,
  sampstatBar,
  traitBox,
  traitHistogram,
  traitScatter,
} from "./helpers.ts";
export { traitByDataset, type TraitFrames, traitPairByDataset } from "./traits.ts";
export { findingsMap, type FindingsMapOptions } from "./quality.ts";
