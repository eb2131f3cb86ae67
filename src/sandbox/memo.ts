/**
 * A small least-recently-used memo of query results (e.g. the ordered
 * accession ids behind a paged /dataset/data request), so that paging through
 * a result computes the expensive part once. The database is read-only, so
 * entries never go stale. Bounded by count and, with `sizeOf`, by bytes.
 */
export class Memo<T> {
  private readonly map = new Map<string, { value: Promise<T>; bytes: number }>();
  private bytes = 0;
  constructor(private readonly capacity = 32, private readonly maxBytes = Infinity, private readonly sizeOf?: (v: T) => number) {}

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.map.get(key);
    if (hit) {
      this.map.delete(key);
      this.map.set(key, hit);
      return hit.value;
    }
    const entry = { value: compute(), bytes: 0 };
    entry.value.then(
      (v) => {
        if (this.map.get(key) !== entry) return;
        entry.bytes = this.sizeOf?.(v) ?? 0;
        this.bytes += entry.bytes;
        this.evict();
      },
      () => this.delete(key, entry),
    );
    this.map.set(key, entry);
    this.evict();
    return entry.value;
  }

  get size(): number {
    return this.map.size;
  }

  get byteSize(): number {
    return this.bytes;
  }

  private delete(key: string, entry: { bytes: number }): void {
    if (this.map.get(key) !== entry) return;
    this.map.delete(key);
    this.bytes -= entry.bytes;
  }

  private evict(): void {
    while (this.map.size > this.capacity || (this.bytes > this.maxBytes && this.map.size > 1)) {
      const [k, v] = this.map.entries().next().value!;
      this.delete(k, v);
    }
  }
}
