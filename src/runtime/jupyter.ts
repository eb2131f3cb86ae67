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
