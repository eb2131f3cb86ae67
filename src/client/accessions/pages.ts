/** /acn/filter: validated AccessionDTO pages and an iterator over all pages (frame.ts flattens them to a DataFrame). */
import { ENDPOINTS } from "../../schema/endpoints.ts";
import { type AccessionDTO, AccessionPage } from "../../schema/responses.ts";
import { GenesysInputError } from "../../kernel/errors.ts";
import { PageGuard } from "../core/paging.ts";
import type { Cancellable, Transport } from "../core/transport.ts";

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
