/** /acn/filter: validated AccessionDTO pages, an iterator over all pages, and flattening to a DataFrame. */
import { ENDPOINTS } from "../schema/endpoints.ts";
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { type AccessionDTO, AccessionPage } from "../schema/responses.ts";
import { GenesysInputError } from "./core/errors.ts";
import { PageGuard } from "./core/paging.ts";
import type { Cancellable, Transport } from "./core/transport.ts";

export const FILTER_MAX_SIZE = 1_000;
const ENDPOINT = ENDPOINTS.acnFilter.label;

export interface PageOptions extends Cancellable {
  /** Zero-based page. */
  page?: number;
  /** Page size, 1 to 1,000. Default 100. */
  size?: number;
}

export function checkSize(size: number, max: number, endpoint: string): void {
  if (!Number.isInteger(size) || size < 1 || size > max) {
    throw new GenesysInputError(`page size must be an integer from 1 to ${max.toLocaleString("en")}, got ${size}`, {
      endpoint,
      hint: `the server caps 'l' at ${max.toLocaleString("en")}; iterate pages instead`,
    });
  }
}

export async function fetchAccessionPage(t: Transport, filter: unknown, opts: PageOptions = {}): Promise<AccessionPage> {
  const size = opts.size ?? 100;
  checkSize(size, FILTER_MAX_SIZE, ENDPOINT);
  return await t.json(ENDPOINTS.acnFilter, AccessionPage, { query: { p: opts.page ?? 0, l: size }, body: filter, signal: opts.signal });
}

/** Pages requested ahead while the current one is consumed. */
const PREFETCH = 2;

/**
 * Yields every AccessionDTO over all pages, `size` per request (default 1,000).
 * Once the first page gives the total, the next pages are requested ahead, so
 * the server prepares page p+2 while page p+1 is parsed and validated here.
 */
export async function* iterateAccessions(
  t: Transport,
  filter: unknown,
  size = FILTER_MAX_SIZE,
  { signal, onFirstPage }: Cancellable & { onFirstPage?: (page: AccessionPage) => void } = {},
): AsyncGenerator<AccessionDTO> {
  const guard = new PageGuard(ENDPOINT);
  const first = await fetchAccessionPage(t, filter, { page: 0, size, signal });
  onFirstPage?.(first);
  guard.check(0, first.content.map((a) => a.uuid));
  const known = Math.ceil(first.totalElements / size);
  const ahead: Promise<AccessionPage>[] = [];
  let next = 1;
  const fill = () => {
    while (next < known && ahead.length < PREFETCH) {
      const p = fetchAccessionPage(t, filter, { page: next++, size, signal });
      p.catch(() => undefined); // surfaced when awaited below; not unhandled if the caller stops early
      ahead.push(p);
    }
  };
  if (first.content.length === size && first.last !== true) fill();
  yield* first.content;
  let last = first;
  while (ahead.length) {
    last = await ahead.shift()!;
    guard.check(next - ahead.length - 1, last.content.map((a) => a.uuid));
    if (last.content.length === size && last.last !== true) fill();
    yield* last.content;
    if (last.content.length < size) return;
  }
  // the total grew while paging: carry on one page at a time until a short page
  for (let page = next; last.content.length === size && last.last !== true && next > 1; page++) {
    last = await fetchAccessionPage(t, filter, { page, size, signal });
    guard.check(page, last.content.map((a) => a.uuid));
    yield* last.content;
  }
}

/** Flattens nested objects to dotted keys; arrays of objects become `;`-joined `name`/`remark` values or JSON. */
export function flatten(obj: Record<string, unknown>, prefix = "", out: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix + k;
    if (v && typeof v === "object" && !Array.isArray(v)) flatten(v as Record<string, unknown>, `${key}.`, out);
    else if (Array.isArray(v)) {
      out[key] = v.length === 0
        ? null
        : v.every((x) => x === null || typeof x !== "object")
        ? v.join(";")
        : v.map((x) => (x as Record<string, unknown>).name ?? (x as Record<string, unknown>).remark ?? JSON.stringify(x)).join(";");
    } else out[key] = v ?? null;
  }
  return out;
}

/** AccessionDTO objects -> DataFrame with dotted column names (geo.latitude, taxonomy.genus…). */
export function accessionsToDataFrame(items: AccessionDTO[]): DataFrame {
  return objectsToDataFrame(items);
}

/** JSON objects -> DataFrame: nested objects flattened to dotted names, whole numbers Int64, other numbers Float64. */
export function objectsToDataFrame(items: readonly object[]): DataFrame {
  const rows = items.map((i) => flatten(i as Record<string, unknown>));
  const names: string[] = [];
  const seen = new Set<string>();
  for (const r of rows) for (const k of Object.keys(r)) if (!seen.has(k)) (seen.add(k), names.push(k));
  const cols: Record<string, unknown[]> = Object.fromEntries(names.map((n) => [n, rows.map((r) => r[n] ?? null)]));
  return pl.DataFrame(Object.fromEntries(names.map((n) => {
    const values = cols[n]!;
    const kinds = new Set(values.filter((v) => v !== null).map((v) => typeof v));
    if (kinds.size === 1 && kinds.has("number")) {
      return [
        n,
        pl.Series(
          n,
          values as (number | null)[],
          values.every((v) => v === null || Number.isInteger(v)) ? pl.Int64 : pl.Float64,
        ),
      ];
    }
    if (kinds.size === 1 && kinds.has("boolean")) return [n, pl.Series(n, values as (boolean | null)[], pl.Bool)];
    return [n, pl.Series(n, values.map((v) => (v === null ? null : String(v))), pl.Utf8)];
  })));
}
