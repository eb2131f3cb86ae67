/**
 * EN, AN and EE with Gower's distance against Core Hunter 3's own answers (API.evaluateCore of the 3.2.0 jar) on
 * the same inputs: test/fixtures/core-collection/, made by bench/peers/corehunter.sh fixtures.
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { prepareColumns } from "../src/core-collection/columns.ts";
import { accessionToNearestEntry, entryToEntry, entryToNearestEntry } from "../src/core-collection/scores.ts";
import { readCoreHunterCsv } from "./helpers/corehunter-csv.ts";

const dir = "test/fixtures/core-collection";

interface Answer {
  core: number[];
  EN: number;
  AN: number;
  EE: number;
}

for (const name of ["mixed", "maize"]) {
  describe(`Core Hunter's evaluateCore on ${name}.csv`, () => {
    const { df, columns, ordinal } = readCoreHunterCsv(`${dir}/${name}.csv`);
    const { answers } = JSON.parse(readFileSync(`${dir}/${name}.corehunter.json`, "utf8")) as { answers: Answer[] };
    const { data, dropped } = prepareColumns(df, { columns, ordinal });
    it("keeps every column (none is constant or empty)", () => {
      expect(dropped).toEqual([]);
      expect(data.columns.length).toBe(columns.length);
    });
    for (const a of answers) {
      it(`core of ${a.core.length}: EN, AN, EE equal Core Hunter's to 1e-6`, () => {
        expect(Math.abs(entryToNearestEntry(data, a.core) - a.EN)).toBeLessThan(1e-6);
        expect(Math.abs(accessionToNearestEntry(data, a.core) - a.AN)).toBeLessThan(1e-6);
        expect(Math.abs(entryToEntry(data, a.core) - a.EE)).toBeLessThan(1e-6);
      });
    }
  });
}
