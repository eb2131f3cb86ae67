/**
 * checkPassports() on genuine Genesys rows (test/fixtures/genesys-ciat-sample.csv, from CIAT's table of rows read from
 * the live API; see test/fixtures/README.md), read by the project's CSV engine. These rows are data we did not make:
 * every finding on them must have evidence a curator can check, listed in docs/quality.md ("Genuine rows"). The test
 * fails on any finding not in that list, so a rule change that flags a genuine row is seen at once.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readTable } from "../src/client/csv/table.ts";
import { checkPassports } from "../src/index.ts";
import { checkDoi } from "../src/quality/doi.ts";

const CSV = readFileSync(new URL("./fixtures/genesys-ciat-sample.csv", import.meta.url));

async function* once(b: Uint8Array) {
  yield b;
}

describe("genuine Genesys rows (CIAT sample)", async () => {
  const { df } = await readTable(once(CSV), { endpoint: "test/fixtures/genesys-ciat-sample.csv", contentType: "text/csv" });
  const report = checkPassports(df, { today: new Date("2026-11-25") });

  it("reads all five rows", () => {
    expect(df.height).toBe(5);
  });

  it("finds only the findings docs/quality.md lists with their evidence", () => {
    const got = report.findings.select("ACCENUMB", "rule", "value", "suggestion").toRecords();
    expect(got).toEqual([
      // COLLSITE "LA CRUZ, FINCA LA QUINTA - LA CRUZ - NARIÑO": La Cruz, Nariño, is at about 1.62° N 76.97° W; 76.98° E is
      // the Indian Ocean south of Sri Lanka. The longitude's minus sign was lost.
      { ACCENUMB: "G4680", rule: "coord-sign", value: "1.6, 76.98", suggestion: "1.6, -76.98" },
    ]);
  });

  it("accepts every genuine GLIS DOI, whatever its check symbol", () => {
    const dois = (df.getColumn("DOI").toArray() as (string | null)[]).filter((d): d is string => !!d);
    expect(dois.length).toBe(4);
    for (const d of dois) expect(checkDoi(d), d).toEqual({ kind: "ok" });
  });
});
