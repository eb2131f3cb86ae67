/**
 * `await display(x)`: shows values in a Deno Jupyter notebook right away
 * (DataFrames as HTML tables through show(), figures as SVG, strings as text
 * one note a line, plain records as tables of names and values, anything else
 * as Deno formats it) and prints plain text outside a notebook.
 *
 * Why awaited: in Deno's kernel a display, printed text and a cell's result
 * are queued and published by a separate loop, which can write them after the
 * cell's "idle" status; a front end that stops listening at idle (nbconvert
 * running a notebook headless) then loses them. `await display(x)` returns
 * only once the kernel has written its outputs to the front end (flushIopub),
 * so they are never lost.
 */
import { isFrame } from "../kernel/analysis.ts";
import { flushIopub } from "../runtime/iopub.ts";
import { jupyterApi } from "../runtime/jupyter.ts";
import { show } from "./table.ts";
import { asDisplayable } from "./text.ts";

const DISPLAY = Symbol.for("Jupyter.display");

function plainText(v: unknown): string {
  const bundle = v && typeof v === "object" && typeof (v as Record<symbol, unknown>)[DISPLAY] === "function"
    ? ((v as Record<symbol, () => Record<string, string>>)[DISPLAY]!() ?? {})
    : undefined;
  const inspect = (globalThis as { Deno?: { inspect?: (x: unknown) => string } }).Deno?.inspect;
  return bundle?.["text/plain"] ?? (typeof v === "string" ? v : inspect ? inspect(v) : String(v));
}

/**
 * @example
 * ```ts
 * import { display, Genesys } from "genesys-notebook";
 * const df = await Genesys.fromEnv().passports({ crop: ["beans"] });
 * await display(df.head(5));
 * ```
 */
export async function display(...values: unknown[]): Promise<void> {
  const jupyter = jupyterApi();
  for (const v of values) {
    // the kernel's one predicate, by methods not instanceof: a frame of another loaded copy of nodejs-polars is a table too
    const value = isFrame(v) ? show(v) : asDisplayable(v);
    if (jupyter) await jupyter.display(value);
    else console.log(plainText(value));
  }
  if (jupyter) await flushIopub();
}
