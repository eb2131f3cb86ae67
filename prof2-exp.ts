import pl from "nodejs-polars";
import { readFileSync } from "node:fs";
import { readCsvStream, lastRecordEnd } from "./src/client/csv-stream.ts";
const body = readFileSync(Deno.args[0]!);
async function* chunks() { for (let i = 0; i < body.length; i += 65536) yield body.subarray(i, i + 65536); }
let t = performance.now();
const r = await readCsvStream(chunks(), { endpoint: "x", dtypes: () => ({}), inFlight: Number(Deno.args[1] ?? 2) });
console.log("stream utf8", r.rows, (performance.now() - t).toFixed(0));
t = performance.now(); const b = Buffer.concat([body.subarray(0, 8 << 20)]); let n = 0;
for (let k = 0; k < 40; k++) n += lastRecordEnd(b);
console.log("lastRecordEnd x40", (performance.now() - t).toFixed(0));
t = performance.now(); pl.readCSV(body, { sep: "\t", quoteChar: '"', inferSchemaLength: 0 }); console.log("whole utf8", (performance.now() - t).toFixed(0));
