/**
 * A map that forgets its least recently used entries past a number of entries
 * or of bytes (each entry's size as the caller gives it). The sandbox's
 * per-query memos use it so that no client can make them grow without end.
 */
export class BoundedLru<V> {
  private readonly map = new Map<string, { value: V; bytes: number }>();
  private total = 0;
  constructor(private readonly maxEntries: number, private readonly maxBytes = Infinity) {}

  /** The value, now the most recently used. */
  get(key: string): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    this.map.delete(key);
    this.map.set(key, hit);
    return hit.value;
  }

  /** The value, without changing its place. */
  peek(key: string): V | undefined {
    return this.map.get(key)?.value;
  }

  set(key: string, value: V, bytes = 0): void {
    this.delete(key);
    this.map.set(key, { value, bytes });
    this.total += bytes;
    // the newest entry stays even when it alone is over maxBytes
    while (this.map.size > this.maxEntries || (this.total > this.maxBytes && this.map.size > 1)) this.delete(this.map.keys().next().value!);
  }

  delete(key: string): void {
    const old = this.map.get(key);
    if (!old) return;
    this.map.delete(key);
    this.total -= old.bytes;
  }

  get size(): number {
    return this.map.size;
  }

  get bytes(): number {
    return this.total;
  }
}
