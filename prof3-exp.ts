import pl from "nodejs-polars";
import { readFileSync, writeFileSync } from "node:fs";
import { lastRecordEnd } from "./src/client/csv-stream.ts";
const body = readFileSync(Deno.args[0]!);
const rest = body.subarray(body.indexOf(10) + 1);
const header = body.subarray(0, body.indexOf(10)).toString().split("\t");
const schema = Object.fromEntries(header.map((h) => [h, pl.Utf8]));
for (const mb of [8, 16, 32]) {
  const blocks: Buffer[] = [];
  for (let off = 0; off < rest.length;) { const s = rest.subarray(off, Math.min(rest.length, off + mb * 1048576)); const cut = off + s.length >= rest.length ? s.length : lastRecordEnd(s); blocks.push(rest.subarray(off, off + cut)); off += cut; }
  blocks.forEach((b, i) => writeFileSync(`/dev/shm/pb${i}.csv`, b));
  let t = performance.now();
  for (let i = 0; i < blocks.length; i++) await pl.scanCSV(`/dev/shm/pb${i}.csv`, { hasHeader: false, sep: "\t", quoteChar: '"', schema }).collect();
  const scanSeq = performance.now() - t;
  t = performance.now();
  for (const b of blocks) pl.readCSV(b, { hasHeader: false, sep: "\t", quoteChar: '"', schema });
  const readSeq = performance.now() - t;
  t = performance.now();
  await Promise.all(blocks.map((_, i) => pl.scanCSV(`/dev/shm/pb${i}.csv`, { hasHeader: false, sep: "\t", quoteChar: '"', schema }).collect()));
  const scanPar = performance.now() - t;
  t = performance.now();
  for (let i = 0; i < blocks.length; i++) pl.readCSV(`/dev/shm/pb${i}.csv`, { hasHeader: false, sep: "\t", quoteChar: '"', schema });
  const readFileSeq = performance.now() - t;
  console.log(mb, "MB blocks", blocks.length, { scanSeq: scanSeq.toFixed(0), readSeq: readSeq.toFixed(0), scanPar: scanPar.toFixed(0), readFileSeq: readFileSeq.toFixed(0) });
}
