/** "Did you mean": the known names closest to a mistyped one (options, filter values, dataset titles). */

/** Edit distance, for "did you mean". */
function distance(a: string, b: string): number {
  const d = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0]!;
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = d[j]!;
      d[j] = Math.min(d[j]! + 1, d[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return d[b.length]!;
}

/**
 * The known names closest to `name` (case ignored): at most a third of its letters apart, or, for a name of four
 * letters or more, a known name that begins with it (`tolerance` for `toleranceMeters`).
 */
export function closest(name: string, known: Iterable<string>, max = 3): string[] {
  const n = name.toLowerCase();
  return [...known]
    .map((k) => ({ k, d: distance(n, k.toLowerCase()), prefix: n.length >= 4 && k.toLowerCase().startsWith(n) }))
    .filter(({ k, d, prefix }) => prefix || d <= Math.max(1, Math.floor(Math.max(n.length, k.length) / 3)))
    .sort((a, b) => a.d - b.d)
    .slice(0, max)
    .map(({ k }) => k);
}
