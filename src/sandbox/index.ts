/**
 * `genesys-notebook/sandbox`: the local Genesys API v2 sandbox (node:http over
 * an embedded DuckDB). The only entry point that loads DuckDB at import.
 */
import "../native.ts";

export { type Sandbox, type SandboxOptions, startSandbox } from "./server.ts";
export {
  PLANTED_KINDS,
  type PlantedError,
  type PlantedKind,
  readPlantedErrors,
  type RuleScore,
  scoreFindings,
} from "./generator/planted.ts";
export { PLANTED_DUPLICATE_KINDS, type PlantedDuplicate, readPlantedDuplicates } from "./generator/duplicates.ts";
export { SANDBOX_CLIMATE_LABEL, sandboxClimateFiles } from "./climate.ts";
export { sandboxClimate } from "./launch.ts";
