/** The Deno Jupyter kernel's display API, when the code runs in one (used by display helpers and the login link). */
export interface JupyterApi {
  display(obj: unknown, opts?: { raw?: boolean; update?: boolean; display_id?: string }): Promise<void>;
}

/** Deno.jupyter when running in a Deno Jupyter kernel (the getter throws elsewhere). */
export function jupyterApi(): JupyterApi | undefined {
  try {
    return (globalThis as { Deno?: { jupyter?: JupyterApi } }).Deno?.jupyter;
  } catch {
    return undefined;
  }
}

type Internals = { jupyter?: { broadcastResult?: (count: number, result: unknown) => Promise<void> } };
const PATCHED = Symbol.for("genesys-notebook.flushedResults");

/**
 * In a Deno Jupyter kernel: makes the end of every cell wait until its outputs
 * have been published (see flushIopub in iopub.ts), so a cell's result (a bare
 * last expression), its printed text and its displays all reach the front end
 * before the kernel reports the cell idle. The kernel publishes a cell's result
 * through `broadcastResult` of Deno's internals and awaits it before replying;
 * this wraps that function. Returns whether it is in place (false outside a
 * kernel, or where Deno no longer has that function: cells then behave as
 * Deno's own, and `await display(x)` still waits for its outputs).
 */
export function flushCellOutputs(flush: () => Promise<void>): boolean {
  if (!jupyterApi()) return false;
  try {
    const d = (globalThis as { Deno?: Record<symbol, unknown> & { internal?: symbol } }).Deno;
    const internals = (d?.internal ? d[d.internal] : undefined) as Internals | undefined;
    const original = internals?.jupyter?.broadcastResult;
    if (!internals?.jupyter || typeof original !== "function") return false;
    if ((original as unknown as Record<symbol, boolean>)[PATCHED]) return true;
    const wrapped = async (count: number, result: unknown) => {
      try {
        await original(count, result);
      } finally {
        await flush();
      }
    };
    (wrapped as unknown as Record<symbol, boolean>)[PATCHED] = true;
    internals.jupyter.broadcastResult = wrapped;
    return true;
  } catch {
    return false;
  }
}
