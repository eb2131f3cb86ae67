import pl from "nodejs-polars";
import { readFileSync, writeFileSync, unlinkSync } from "node:fs";
import { lastRecordEnd } from "./src/client/csv-stream.ts";
const body = readFileSync("/tmp/exp/x.tsv");
const nl = body.indexOf(10);
const header = body.subarray(0, nl).toString().split("\t");
const schema = Object.fromEntries(header.map((h) => [h, pl.Utf8]));
const rest = body.subarray(nl + 1);
const blocks: Buffer[] = [];
for (let off = 0; off < rest.length;) {
  const slice = rest.subarray(off, Math.min(rest.length, off + 8 * 1024 * 1024));
  const cut = off + slice.length >= rest.length ? slice.length : lastRecordEnd(slice);
  blocks.push(rest.subarray(off, off + cut)); off += cut;
}
const mode = Deno.args[0];
let ticks = 0; const iv = setInterval(() => ticks++, 10);
const t0 = performance.now();
let df: any;
if (mode === "whole") df = pl.readCSV(body, { sep: "\t", quoteChar: '"' });
else if (mode === "sync") df = pl.concat(blocks.map((b) => pl.readCSV(b, { hasHeader: false, sep: "\t", quoteChar: '"', schema })), { how: "vertical", rechunk: false });
else if (mode === "async") {
  const ps: Promise<any>[] = [];
  blocks.forEach((b, i) => { const f = `/dev/shm/blk-${i}.csv`; writeFileSync(f, b); ps.push(pl.scanCSV(f, { hasHeader: false, sep: "\t", quoteChar: '"', schema }).collect().then((d) => { unlinkSync(f); return d; })); });
  df = pl.concat(await Promise.all(ps), { how: "vertical", rechunk: false });
} else if (mode === "cat") {
  const s2 = { ...schema, INSTCODE: pl.Categorical, GENUS: pl.Categorical, ORIGCTY: pl.Categorical };
  const parts = blocks.map((b) => pl.readCSV(b, { hasHeader: false, sep: "\t", quoteChar: '"', schema: s2 }));
  df = pl.concat(parts, { how: "vertical", rechunk: false });
  console.log(df.getColumn("GENUS").unique().len(), df.getColumn("GENUS").dtype.toString());
}
const ms = performance.now() - t0;
clearInterval(iv);
console.log(mode, df.height, df.width, "ms", ms.toFixed(0), "ticks", ticks, "expected", (ms / 10).toFixed(0), "rss", (Deno.memoryUsage().rss / 1e6).toFixed(0), "blocks", blocks.length);
