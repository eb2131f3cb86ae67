/**
 * What the client changed or noticed while reading a response, readable from
 * the result: `diagnostics(df)`. A value that is present is never dropped
 * silently; when one had to be read in another way (a decimal in an integer
 * column, `Yes` for true, a date in another format, an unknown descriptor
 * type), it is listed here per column with a count and first examples.
 */
import type { DataFrame } from "nodejs-polars";

export interface Coercion {
  /** Column (or JSON field path) concerned. */
  column: string;
  /** What was done, in words. */
  what: string;
  /** How many values. */
  count: number;
  /** Up to five distinct raw values. */
  examples: string[];
}

export interface Diagnostics {
  endpoint: string;
  coercions: Coercion[];
  /** Observations about the body that changed nothing (e.g. a last record without line end). */
  notes: string[];
}

export class CoercionLog {
  private readonly map = new Map<string, Coercion>();
  readonly notes: string[] = [];

  add(column: string, what: string, count: number, examples: readonly string[] = []): void {
    if (count <= 0) return;
    const key = `${column}\u0000${what}`;
    const c = this.map.get(key) ?? { column, what, count: 0, examples: [] };
    c.count += count;
    for (const e of examples) if (c.examples.length < 5 && !c.examples.includes(e)) c.examples.push(e);
    this.map.set(key, c);
  }

  /** Adds another log's coercions and notes; returns this log. */
  merge(other: CoercionLog): this {
    for (const c of other.list()) this.add(c.column, c.what, c.count, c.examples);
    for (const n of other.notes) this.note(n);
    return this;
  }

  note(text: string): void {
    if (!this.notes.includes(text)) this.notes.push(text);
  }

  get size(): number {
    return this.map.size;
  }

  list(): Coercion[] {
    return [...this.map.values()];
  }

  toDiagnostics(endpoint: string): Diagnostics {
    return { endpoint, coercions: this.list(), notes: [...this.notes] };
  }
}

const attached = new WeakMap<object, Diagnostics>();

/** Attaches diagnostics to a result (a DataFrame or any object the client returns). */
export function attachDiagnostics<T extends object>(result: T, d: Diagnostics): T {
  attached.set(result, d);
  return result;
}

/**
 * What was coerced or noticed while reading this result; undefined for frames the client did not make.
 * @example
 * ```ts
 * import { Genesys } from "genesys-notebook";
 * const g = Genesys.fromEnv();
 * const df = await g.passports({ crop: ["beans"] });
 * import { diagnostics } from "genesys-notebook";
 * for (const c of diagnostics(df)?.coercions ?? []) console.log(c.column, c.count, c.what);
 * ```
 */
export function diagnostics(result: DataFrame | object): Diagnostics | undefined {
  return attached.get(result);
}

/** One line for a terminal or notebook, e.g. "2 columns had values read another way: ELEVATION (1: ...)". */
export function summarize(d: Diagnostics): string {
  const cols = d.coercions.map((c) =>
    `${c.column}: ${c.count.toLocaleString("en")} ${c.what}${
      c.examples.length ? ` (e.g. ${c.examples.slice(0, 2).map((e) => JSON.stringify(e)).join(", ")})` : ""
    }`
  );
  return `${d.endpoint}: ${cols.length} coercion${cols.length === 1 ? "" : "s"}; ${cols.join("; ")}. Read them with diagnostics(df).`;
}
