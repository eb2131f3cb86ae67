import { DuckDBInstance } from "@duckdb/node-api";
const db = await DuckDBInstance.create("/tmp/genesys-notebook-sandbox/sandbox-v2-seed42-n1000000.duckdb", { access_mode: "READ_ONLY" });
const con = await db.connect();
await con.run("SET threads = " + Deno.args[0]);
await con.run(`COPY (SELECT uuid AS "UUID", remarks AS "REMARKS", accession_number AS "ACCENUMB" FROM accession WHERE (true) AND id BETWEEN 1 AND 1000000) TO '/tmp/exp/c.tsv' (FORMAT csv, DELIMITER '\t', QUOTE '"', ESCAPE '"', HEADER, USE_TMP_FILE false)`);
console.log((await con.runAndReadAll("SELECT count(*) FROM read_csv('/tmp/exp/c.tsv', delim='\t', quote='\"', escape='\"', header=true)")).getRows());
