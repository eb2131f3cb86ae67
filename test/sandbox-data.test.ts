/**
 * The sandbox generator's reference data are data files (src/sandbox/generator/data/*.json), each with its source,
 * licence and the SHA-256 of its content, read through a zod schema (src/sandbox/generator/data.ts). Here: every file
 * parses, its hash is its content's (else: `node scripts/sandbox-data.mjs` after an edit made on purpose), changed data
 * come with a new GENERATOR_VERSION (so no cached database built from the old data is served), and the files agree
 * with each other, so that adding a crop is a change to data only.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-ignore -- a plain .mjs script of the repository
import { DATA_DIR, dataHash } from "../scripts/sandbox-data.mjs";
import { DATA_FILES, type DataFileName, readData } from "../src/sandbox/generator/data.ts";
import { GENERATOR_VERSION } from "../src/sandbox/db.ts";
import { characterization, DATASET_TEMPLATES, evaluation, screening } from "../src/sandbox/generator/traits-reference.ts";
import { siteData } from "../src/sandbox/generator/site-data.ts";
import { RULES } from "../src/quality/rules.ts";

const names = Object.keys(DATA_FILES) as DataFileName[];
const raw = (name: string) => JSON.parse(readFileSync(`${DATA_DIR}${name}`, "utf8"));
const versions = JSON.parse(readFileSync("test/fixtures/sandbox-data-versions.json", "utf8")).versions as Record<
  string,
  Record<string, string>
>;

describe("the sandbox generator's data files", () => {
  it("are all read through a schema: every file in data/ has one, and each parses", () => {
    expect(readdirSync(DATA_DIR).filter((f: string) => f.endsWith(".json")).sort()).toEqual([...names].sort());
    for (const name of names) expect(() => readData(name), name).not.toThrow();
  });

  it("each states its source and licence, and holds the SHA-256 of its content (else: node scripts/sandbox-data.mjs)", () => {
    for (const name of names) {
      const file = raw(name);
      expect(file.source.length, name).toBeGreaterThan(0);
      expect(file.licence, name).toMatch(/\w/);
      expect(file.sha256, `${name}: edited without node scripts/sandbox-data.mjs`).toBe(dataHash(file));
    }
  });

  it("the hash check can fail: a changed value changes the hash", () => {
    const file = raw("crops.json");
    const changed = structuredClone(file);
    changed.crops[0].taxa[0].share += 1;
    expect(dataHash(changed)).not.toBe(dataHash(file));
  });

  it("changed data come with a new GENERATOR_VERSION (src/sandbox/db.ts), recorded in test/fixtures/sandbox-data-versions.json", () => {
    const now = Object.fromEntries(names.map((n) => [n, raw(n).sha256]).sort());
    expect(now, `the data differ from those of generator version ${GENERATOR_VERSION}: bump GENERATOR_VERSION and add an entry`)
      .toEqual(versions[String(GENERATOR_VERSION)]);
  });

  it("a file that does not match its schema is refused, naming the field", () => {
    const file = raw("crops.json");
    file.crops[0].taxa[0].wild = ["Mexico"];
    const parsed = DATA_FILES["crops.json"].safeParse(file);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.message).toContain("wild");
  });

  it("agree with each other: every crop has traits, a genebank, a line prefix; every country code is a sandbox country", () => {
    const crops = readData("crops.json").crops;
    const countries = new Set(readData("countries.json").countries.map((c) => c.code3));
    const traits = readData("traits.json");
    const names = readData("names.json");
    const institutes = readData("institutes.json").institutes;
    for (const c of crops) {
      expect(traits.crops[c.code], c.code).toBeDefined();
      expect(names.linePrefix[c.code], c.code).toBeDefined();
      expect(institutes.some((i) => i.crops.includes(c.code)), c.code).toBe(true);
      const codes = [...c.origins, ...c.taxa.flatMap((t) => [...(t.wild ?? []), ...(t.grown ?? [])])];
      expect(codes.filter((x) => !countries.has(x)), c.code).toEqual([]);
      for (const tpl of DATASET_TEMPLATES) expect(tpl.descriptors(c.code).length, `${c.code} ${tpl.kind}`).toBeGreaterThan(0);
    }
    for (const i of institutes) {
      expect(i.crops.filter((x) => !crops.some((c) => c.code === x)), i.code).toEqual([]);
      expect(countries.has(i.country), i.code).toBe(true);
    }
    expect(Object.keys(names.nameArea).filter((x) => !countries.has(x))).toEqual([]);
    expect(Object.keys(siteData().countries).sort()).toEqual([...countries].sort());
  });

  it("every planted kind is planted by planted.ts and found by a rule of checkPassports()", () => {
    const code = readFileSync("src/sandbox/generator/planted.ts", "utf8");
    const rules = new Set(RULES.map((r) => r.id));
    for (const k of readData("planted-kinds.json").kinds) {
      expect(code, k.kind).toContain(`kind("${k.kind}")`);
      expect(rules.has(k.rule), k.rule).toBe(true);
    }
  });

  it("named descriptors and term lists resolve; a NUMERIC following a CODED one has one mean per term", () => {
    for (const crop of Object.keys(readData("traits.json").crops)) {
      const all = [...characterization(crop), ...evaluation(crop), ...screening(crop)];
      for (const d of all) {
        if (d.dataType === "SCALE" || d.dataType === "CODED") expect(Array.isArray(d.terms), `${crop} ${d.columnName}`).toBe(true);
        if (d.byTerm) {
          const coded = all.find((x) => x.columnName === d.byTerm!.column);
          expect(coded?.terms?.length, `${crop} ${d.columnName}`).toBe(d.byTerm.means.length);
        }
      }
    }
  });
});
