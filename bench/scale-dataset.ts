/**
 * The Parquet dataset of a sandbox with planted duplicates, exported once with passportsToParquet() into a cache
 * folder keyed by generator version, seed, size and planted rate, and reused while its manifest is complete. The
 * sandbox's database is cached on disk as startSandbox() does (the first 5,000,000-accession build takes minutes).
 */
import { join } from "node:path";
import { partRows, readManifest } from "../src/parts/manifest.ts";
import { Genesys } from "../src/index.ts";
import { startSandbox } from "../src/sandbox/index.ts";
import { defaultCacheDir, GENERATOR_VERSION } from "../src/sandbox/db.ts";

export interface ScaleDataset {
  dir: string;
  rows: number;
  /** Seconds the export took (0 when the cached folder was reused). */
  exportSeconds: number;
}

export async function scaleDataset(accessions: number, seed: number, plant: number, log: (s: string) => void): Promise<ScaleDataset> {
  const dir = join(defaultCacheDir(), "..", "bench", `passports-g${GENERATOR_VERSION}-s${seed}-n${accessions}-d${plant}`);
  // a complete folder of the current on-disk format is reused; an earlier format's is exported again (and replaced)
  const found = readManifest(dir);
  if ("manifest" in found && found.manifest.complete) return { dir, rows: partRows(found.manifest), exportSeconds: 0 };
  const t0 = performance.now();
  log(`building (or opening) the ${accessions.toLocaleString("en")}-accession sandbox (seed ${seed}, planted duplicates ${plant})…`);
  const sb = await startSandbox({ accessions, seed, plantDuplicates: plant, cache: defaultCacheDir() });
  const g = new Genesys({ baseUrl: sb.url, token: sb.token });
  try {
    log(`sandbox ready after ${((performance.now() - t0) / 1000).toFixed(0)} s; exporting passports to ${dir}`);
    const t1 = performance.now();
    const r = await g.passportsToParquet({}, dir);
    return { dir, rows: r.rows, exportSeconds: (performance.now() - t1) / 1000 };
  } finally {
    await g.close();
    await sb.close();
  }
}

if (import.meta.main) {
  const [acc = "5000000", seed = "42", plant = "0.02"] = Deno.args;
  const d = await scaleDataset(Number(acc), Number(seed), Number(plant), console.log);
  console.log(JSON.stringify(d));
}
