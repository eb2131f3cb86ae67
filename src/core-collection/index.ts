/** Core collections: Core Hunter's distance objectives at scale, and clustered sampling. See docs/core.md. */
export { coreCollection, type CoreCollectionResult, coreScores } from "./core.ts";
export { type CoreCollectionOptions, CoreCollectionOptionsSchema } from "./options.ts";
export type { AnEstimate, CoreScores } from "./scores.ts";
export type { ColumnKind, GowerColumn } from "./gower.ts";
export { clusteredCore, type ClusteredCoreOptions, ClusteredCoreOptionsSchema, type ClusteredCoreResult } from "./clustered.ts";
export { type CoreRequest, coreRequest } from "./request.ts";
export { principalComponents } from "./clustered.ts";
