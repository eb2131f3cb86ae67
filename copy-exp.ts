import { DuckDBInstance } from "@duckdb/node-api";
import { FIELD_SQL } from "./src/sandbox/select-sql.ts";
import { PASSPORT_FIELDS } from "./src/schema/passport-fields.ts";
import { readFileSync } from "node:fs";
const hwm = () => readFileSync("/proc/self/status", "utf8").match(/VmHWM:\s+(\d+)/)![1]! / 1000;
const span = Number(Deno.args[0]);
const db = await DuckDBInstance.create("/tmp/genesys-notebook-sandbox/sandbox-v2-seed42-n1000000.duckdb", { access_mode: "READ_ONLY" });
const con = await db.connect();
const before = hwm();
const cols = PASSPORT_FIELDS.map((f) => `${FIELD_SQL[f.path]} AS "${f.mcpd}"`).join(", ");
const t0 = performance.now(); let first = 0;
for (let lo = 1, k = 0; lo <= 1000000; lo += span, k++) {
  await con.run(`COPY (SELECT ${cols} FROM accession WHERE true AND id BETWEEN ${lo} AND ${lo + span - 1}) TO '/tmp/exp/part${k}.tsv' (FORMAT csv, DELIMITER '\t', HEADER ${k === 0}, USE_TMP_FILE false)`);
  if (!first) first = performance.now() - t0;
}
console.log(span, "ms", (performance.now() - t0).toFixed(0), "first", first.toFixed(0), "hwm before", before, "after", hwm());
