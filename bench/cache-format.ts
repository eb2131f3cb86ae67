/**
 * The part file type of the on-disk export format (cache entries and the Parquet sink share one format,
 * src/parts/): write + read time of one 200,000-row frame of every passport column, Parquet against Arrow IPC,
 * median of 3 runs each, alternating, in one process. Also the file size, and whether every dtype came back.
 *   deno run -A bench/cache-format.ts [rows]
 * Uses the 1,000,000-accession sandbox (seed 42; built once, then reused from its cache).
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Genesys, startSandbox } from "../src/index.ts";

const rows = Number(Deno.args[0] ?? 200_000);
const sb = await startSandbox({ accessions: 1_000_000, seed: 42 });
const g = new Genesys({ baseUrl: sb.url, token: sb.token });
const df = await g.passports({}, { limit: rows, onDiagnostics: () => undefined });
await g.close();
await sb.close();
const dir = mkdtempSync(join(tmpdir(), "cache-format-"));

const TYPES: Record<string, { write: (df: DataFrame, path: string) => void; read: (path: string) => DataFrame }> = {
  parquet: { write: (d, p) => d.writeParquet(p, { compression: "snappy" }), read: (p) => pl.readParquet(p) },
  "parquet-uncompressed": { write: (d, p) => d.writeParquet(p, { compression: "uncompressed" }), read: (p) => pl.readParquet(p) },
  ipc: { write: (d, p) => d.writeIPC(p), read: (p) => pl.readIPC(p) },
};
const times: Record<string, { write: number[]; read: number[]; bytes: number; same: boolean }> = {};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const schemaText = (d: DataFrame) => JSON.stringify(Object.entries(d.schema).map(([k, v]) => [k, String(v)]));
for (let run = 0; run < 3; run++) {
  for (const [name, t] of Object.entries(TYPES)) {
    const path = join(dir, `${name}-${run}.${name === "ipc" ? "ipc" : "parquet"}`);
    const a = performance.now();
    t.write(df, path);
    const b = performance.now();
    const back = t.read(path);
    const c = performance.now();
    const r = (times[name] ??= { write: [], read: [], bytes: 0, same: true });
    r.write.push(b - a);
    r.read.push(c - b);
    r.bytes = statSync(path).size;
    r.same &&= schemaText(back) === schemaText(df) && back.height === df.height && back.frameEqual(df, true);
  }
}
rmSync(dir, { recursive: true, force: true });
console.log(`${df.height} rows x ${df.width} columns; dtypes: ${[...new Set(Object.values(df.schema).map(String))].join(", ")}`);
for (const [name, r] of Object.entries(times)) {
  const w = median(r.write), rd = median(r.read);
  console.log(
    `${name}: write ${w.toFixed(0)} ms, read ${rd.toFixed(0)} ms, write+read ${(w + rd).toFixed(0)} ms, ` +
      `${(r.bytes / 2 ** 20).toFixed(1)} MB, dtypes and values back: ${r.same}`,
  );
}
