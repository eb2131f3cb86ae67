/**
 * The search's own pseudo-random numbers: sfc32 (Chris Doty-Humphrey's Small Fast Counting generator, 128-bit
 * state), seeded through splitmix32. Integer arithmetic only (`Math.imul`, `>>>`), so a seed gives the same sequence
 * on every machine and runtime; `Math.random` is never used.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
}

function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export function seededRandom(seed: number): Random {
  const init = splitmix32(seed);
  let a = init(), b = init(), c = init(), d = init();
  const u32 = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 12; i++) u32();
  const next = () => u32() / 4294967296;
  return { next, int: (n: number) => Math.floor(next() * n) };
}

/** `k` distinct integers of [0, n) in random order (Floyd's sampling; k <= n). */
export function sampleIndices(rng: Random, n: number, k: number): Int32Array {
  const chosen = new Set<number>();
  const out = new Int32Array(k);
  let o = 0;
  for (let j = n - k; j < n; j++) {
    const t = rng.int(j + 1);
    const v = chosen.has(t) ? j : t;
    chosen.add(v);
    out[o++] = v;
  }
  for (let i = k - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = out[i]!;
    out[i] = out[j]!;
    out[j] = t;
  }
  return out;
}
