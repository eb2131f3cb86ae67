/**
 * Guards for paging through JSON endpoints: a server that ignores `p` (the
 * seed does not list it on every endpoint) answers the same page again and
 * again; the client stops with a clear error instead of returning repeats.
 */
import { GenesysResponseError } from "../../kernel/errors.ts";

export class PageGuard {
  private last: string | undefined;
  constructor(private readonly endpoint: string) {}

  /** `keys`: identifiers of the page's rows, in order. */
  check(page: number, keys: readonly string[]): void {
    const sig = keys.length ? `${keys.length}:${keys[0]}:${keys[keys.length - 1]}` : undefined;
    if (page > 0 && sig !== undefined && sig === this.last) {
      throw new GenesysResponseError(
        `page ${page} holds the same rows as page ${page - 1} (${keys.length} rows from ${
          keys[0]
        }): the server seems to ignore the page parameter 'p'; nothing is returned rather than repeated rows`,
        { endpoint: this.endpoint, status: 200 },
      );
    }
    this.last = sig;
  }
}

/**
 * Splits two UUID lists into request-sized groups: every request's
 * query string carries at most `maxUuids` UUIDs in all, so the request line
 * stays under common servers' 8 KB limit. Yields every (a-group, b-group) pair.
 */
export function* uuidGroups(a: readonly string[], b: readonly string[], maxUuids: number): Generator<[string[], string[]]> {
  const aSize = Math.max(1, Math.min(a.length, Math.floor(maxUuids / 2)));
  const bSize = Math.max(1, maxUuids - aSize);
  for (let i = 0; i < a.length; i += aSize) {
    for (let j = 0; j < b.length; j += bSize) yield [a.slice(i, i + aSize), b.slice(j, j + bSize)];
  }
}
