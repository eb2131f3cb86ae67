/** Appends `v` to the list `m` holds under `k` (a list started when there is none): grouping in one pass. */
export function pushTo<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const l = m.get(k);
  if (l) l.push(v);
  else m.set(k, [v]);
}
