/**
 * A small least-recently-used memo of query results (e.g. the ordered
 * accession ids behind a paged /dataset/data request), so that paging through
 * a result computes the expensive part once. The database is read-only, so
 * entries never go stale.
 */
export class Memo<T> {
  private readonly map = new Map<string, Promise<T>>();
  constructor(private readonly capacity = 32) {}

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.map.get(key);
    if (hit) {
      this.map.delete(key);
      this.map.set(key, hit);
      return hit;
    }
    const value = compute();
    value.catch(() => this.map.delete(key));
    this.map.set(key, value);
    while (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value!);
    return value;
  }
}
