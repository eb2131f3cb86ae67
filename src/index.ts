/**
 * genesys-notebook: Genesys PGR API v2 into typed nodejs-polars DataFrames.
 * Entry points: `genesys-notebook` (this: client, errors, display),
 * `genesys-notebook/plot` (figures), `genesys-notebook/sandbox` (the local
 * sandbox; DuckDB loads only there, or at the first `startSandbox()` call).
 */
import "./native.ts";

export { Genesys, type GenesysOptions, type TraitsOptions, type TraitsResult } from "./client/genesys.ts";
export { type FrameOptions, GenesysApi, type IteratorOptions, type ObservationQuery } from "./client/api.ts";
export type { InstituteQuery, SubsetQuery } from "./client/catalogue.ts";
export type { Profile } from "./schema/catalogue.ts";
export type { PageOptions } from "./client/accessions/pages.ts";
export { type Coercion, type Diagnostics, diagnostics } from "./kernel/diagnostics.ts";
export { type Citation, citation, type Provenance, provenance, saveDoiList, type Trial } from "./kernel/provenance.ts";
export { joinTraits, type JoinTraitsOptions } from "./client/traits/join.ts";
export { load, save } from "./client/save.ts";
export { askToken, type LoginOptions } from "./client/login.ts";
export { type CacheMode, type CacheOption, type CacheSettings, CacheStore } from "./client/cache/cached.ts";
export {
  ERROR_CLASSES,
  type ErrorExtra,
  GenesysAbortError,
  GenesysAuthError,
  GenesysCacheMissError,
  GenesysCredentialsError,
  GenesysError,
  type GenesysErrorOptions,
  GenesysInputError,
  GenesysNetworkError,
  GenesysRequestError,
  GenesysResponseError,
  GenesysServerError,
} from "./kernel/errors.ts";
export type { PassportOptions } from "./client/export/query.ts";
export type { ParquetSinkResult } from "./client/export/parquet.ts";
export type { Progress } from "./kernel/progress.ts";
export type { Aggregate, CodedAggregate, NumericAggregate, OtherAggregate, WideOptions } from "./client/traits/wide.ts";
export { AccessionFilter, type AccessionFilterInput, FILTER_KEYS, parseFilter } from "./schema/filter.ts";
export { GEO_FIELDS, INFO_FIELDS, PASSPORT_FIELDS } from "./schema/passport-fields.ts";
export * as schemas from "./schema/responses.ts";
export { type Sandbox, sandboxClimate, type SandboxOptions, startSandbox } from "./sandbox/launch.ts";
export { dataFrameToHtml, show } from "./display/table.ts";
export { display } from "./display/display.ts";
export { text } from "./display/text.ts";
export { formatProgress, progressReporter } from "./display/progress.ts";
export { configureTerminal } from "./display/terminal.ts";
import { configureOnImport } from "./display/terminal.ts";
configureOnImport();
export { PolarsBindingError, polarsBindingPackage } from "./native.ts";
export { SAMPSTAT_LABELS } from "./mcpd/sampstat.ts";
export { COLLSRC_LABELS, MLSSTAT_LABELS, STORAGE_LABELS } from "./mcpd/code-lists.ts";
export { COUNTRY_NAMES, countryName, FORMER_COUNTRY_NAMES } from "./mcpd/countries.ts";
export { decode, type DecodeOptions, decodeValue } from "./mcpd/decode.ts";
export { type CheckOptions, checkPassports, type QualityReport, type Rule, RULES } from "./quality/index.ts";
export {
  type CompletenessOptions,
  type PassportCompleteness,
  passportCompleteness,
  type PassportCompletenessOptions,
  PassportCompletenessOptionsSchema,
  type PassportCompletenessResult,
  PDCI_ITEMS,
} from "./quality/index.ts";
/** nodejs-polars, the same instance the frames come from (`pl.col`, `pl.lit`…), so a project needs no second install. */
export { default as pl } from "nodejs-polars";
export {
  type DuplicateOptionsInput,
  type DuplicateResult,
  LANDRACE_STOP_WORDS,
  probableDuplicates,
  probableDuplicatesInDataset,
  safetyDuplication,
} from "./duplicates/index.ts";
export {
  type AnEstimate,
  clusteredCore,
  type ClusteredCoreOptions,
  ClusteredCoreOptionsSchema,
  type ClusteredCoreResult,
  coreCollection,
  type CoreCollectionOptions,
  CoreCollectionOptionsSchema,
  type CoreCollectionResult,
  type CoreRequest,
  coreRequest,
  type CoreScores,
  coreScores,
  principalComponents,
} from "./core-collection/index.ts";
export { BIO, type Bioclim, bioclim, type BioName, MonthlyClimate } from "./climate/bioclim.ts";
export { type SyntheticClimate, syntheticClimate, syntheticElevation } from "./climate/synthetic.ts";
export { climateAtSites, climateLayers, climateLayersOf, ClimateOptions } from "./climate/sites.ts";
export { worldclimCacheDir, worldclimDownload, worldclimFiles, WorldclimOptions, type WorldclimProgress } from "./climate/worldclim.ts";
export {
  bestBets,
  type BestBetsOptions,
  BestBetsOptionsSchema,
  type BestBetsResult,
  climateEnvelope,
  type ClimateEnvelopeOptions,
  ClimateEnvelopeOptionsSchema,
  figsModels,
  type FigsModelsOptions,
  FigsModelsOptionsSchema,
  type FigsModelsResult,
} from "./figs/index.ts";
export { climateLayerGrid } from "./climate/sites.ts";
