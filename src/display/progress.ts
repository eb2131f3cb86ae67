/**
 * Progress for long downloads: an updating line in a Deno Jupyter notebook
 * (display with update), a carriage-return line on a terminal.
 */
import type { Progress } from "../kernel/progress.ts";
import { flushIopub } from "../runtime/iopub.ts";
import { jupyterApi } from "../runtime/jupyter.ts";

const mb = (b: number) => `${(b / 1e6).toFixed(1)} MB`;

/**
 * @example
 * ```ts
 * import { formatProgress } from "genesys-notebook";
 * const started = performance.now();
 * console.log(formatProgress({ rows: 120_000, page: 0, bytes: 48e6 }, started));
 * ```
 */
export function formatProgress(p: Progress, startedMs: number): string {
  const secs = (performance.now() - startedMs) / 1000;
  const rate = secs > 0 ? Math.round(p.rows / secs) : 0;
  const of = p.total ? ` of ${p.total.toLocaleString("en")}` : "";
  const bytes = p.bytes === undefined ? "" : `, ${mb(p.bytes)}`;
  return `${p.label ? `${p.label}: ` : ""}${p.rows.toLocaleString("en")}${of} rows${bytes}, ${secs.toFixed(1)} s, ${
    rate.toLocaleString("en")
  } rows/s`;
}

/**
 * Returns an `onProgress` callback that reports at most every `everyMs`;
 * `await progress.done()` shows the final count. In a notebook the updates go
 * out in order through one display (each awaited before the next), so none
 * can arrive after the cell has finished.
 * @example
 * ```ts
 * import { Genesys, progressReporter } from "genesys-notebook";
 * const progress = progressReporter("passports");
 * const df = await Genesys.fromEnv().passports({ crop: ["wheat"] }, { onProgress: progress });
 * await progress.done();
 * ```
 */
export function progressReporter(label = "download", everyMs = 250): ((p: Progress) => void) & { done(): Promise<void> } {
  const started = performance.now();
  const jupyter = jupyterApi();
  const id = `genesys-progress-${Math.random().toString(36).slice(2)}`;
  let last = 0;
  let latest: Progress | undefined;
  let lastText = "";
  let first = true;
  let queue: Promise<void> = Promise.resolve();
  const emit = (text: string) => {
    lastText = text;
    if (jupyter) {
      const update = !first;
      first = false;
      queue = queue.then(() => jupyter.display({ "text/plain": `${label}: ${text}` }, { raw: true, update, display_id: id })).catch(() =>
        undefined
      );
    } else if (typeof process !== "undefined" && process.stderr?.isTTY) process.stderr.write(`\r${label}: ${text}   `);
  };
  const fn = ((p: Progress) => {
    latest = p;
    const now = performance.now();
    if (now - last < everyMs) return;
    last = now;
    emit(formatProgress(p, started));
  }) as ((p: Progress) => void) & { done(): Promise<void> };
  fn.done = async () => {
    if (latest) emit(formatProgress(latest, started));
    if (jupyter) return await queue.then(() => flushIopub());
    if (typeof process !== "undefined" && process.stderr?.isTTY) process.stderr.write("\n");
    else if (lastText) console.error(`${label}: ${lastText}`);
  };
  return fn;
}
