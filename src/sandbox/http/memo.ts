/**
 * A small least-recently-used memo of query results (e.g. the ordered
 * accession ids behind a paged /dataset/data request), so that paging through
 * a result computes the expensive part once. The database is read-only, so
 * entries never go stale. Bounded by count and, with `sizeOf`, by bytes.
 */
import { BoundedLru } from "./lru.ts";

export class Memo<T> {
  private readonly lru: BoundedLru<Promise<T>>;
  constructor(capacity = 32, maxBytes = Infinity, private readonly sizeOf?: (v: T) => number) {
    this.lru = new BoundedLru(capacity, maxBytes);
  }

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.lru.get(key);
    if (hit) return hit;
    const value = compute();
    this.lru.set(key, value);
    value.then(
      // its size is known once computed (unless it was evicted meanwhile)
      (v) => this.lru.peek(key) === value && this.lru.set(key, value, this.sizeOf?.(v) ?? 0),
      () => this.lru.peek(key) === value && this.lru.delete(key),
    );
    return value;
  }

  get size(): number {
    return this.lru.size;
  }

  get byteSize(): number {
    return this.lru.bytes;
  }
}
