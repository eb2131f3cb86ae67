/**
 * Reference data shipped as JSON beside the module that reads it (in src/ and in the package's dist/): one reader, so
 * that every data file is checked against its zod schema and a missing or malformed file is an error naming the file,
 * what it holds and the first field that does not fit.
 */
import { readFileSync } from "node:fs";
import type { z } from "zod";

/**
 * Reads `file` and checks it against `schema`; `what` says what the file holds ("the named regions of mapExtent").
 * @example
 * ```ts
 * import { z } from "zod";
 * import { readDataFile } from "./data-file.ts";
 * const Regions = z.object({ regions: z.record(z.string(), z.array(z.number())) });
 * const file = readDataFile(new URL("../plot/regions.json", import.meta.url), Regions, "a regions file");
 * console.log(Object.keys(file.regions));
 * ```
 */
export function readDataFile<S extends z.ZodType>(file: URL, schema: S, what: string): z.output<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new Error(`cannot read ${file.pathname} (${what}): ${(e as Error).message}`);
  }
  const r = schema.safeParse(raw);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new Error(`${file.pathname} is not ${what}: ${i.path.join(".")}: ${i.message}`);
  }
  return r.data;
}
