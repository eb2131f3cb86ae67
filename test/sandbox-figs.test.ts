/**
 * The sandbox's FIGS trial (a self-test: the sandbox made the link): wheat screened for Russian wheat aphid
 * resistance, whose chance rises as the synthetic annual precipitation (bio12) at the collecting site falls, and for
 * Hessian fly resistance, which has no link (docs/sandbox.md#figs-traits). Read from the served database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syntheticClimate, syntheticElevation } from "../src/climate/synthetic.ts";
import { resistanceChance } from "../src/sandbox/generator/figs.ts";
import { readData } from "../src/sandbox/generator/data.ts";
import { type Sandbox, startSandbox } from "../src/sandbox/server.ts";

let sb: Sandbox;
const rows = async (sql: string) => {
  const con = await sb.db.connect();
  try {
    return (await con.runAndReadAll(sql)).getRowObjects();
  } finally {
    con.closeSync();
  }
};
/** Each screened accession's class (R or S) per descriptor, with its coordinates and elevation as served. */
const CLASSES = `
  SELECT d.column_name AS trait, o.accession_id AS id, min(o.value_text) AS cls, count(DISTINCT o.value_text) AS classes,
    any_value(a.latitude) AS lat, any_value(a.longitude) AS lon, any_value(a.elevation) AS elev
  FROM observation o JOIN descriptor d ON d.uuid = o.descriptor_uuid JOIN accession a ON a.id = o.accession_id
  WHERE d.column_name IN ('RWA', 'HF') GROUP BY ALL`;

beforeAll(async () => {
  sb = await startSandbox({ accessions: 20_000, seed: 42 });
});
afterAll(async () => await sb.close());

describe("FIGS trial (sandbox self-test)", () => {
  it("is a wheat dataset of ICARDA's with two resistance classes, one class per accession", async () => {
    const ds = await rows(`SELECT title, owner_code FROM dataset WHERE title LIKE '%FIGS%'`);
    expect(ds.map((d) => d.owner_code)).toEqual(["LBN002"]);
    const cls = await rows(CLASSES);
    expect(cls.length).toBeGreaterThan(1000);
    expect(new Set(cls.map((c) => c.cls))).toEqual(new Set(["R", "S"]));
    expect(cls.filter((c) => Number(c.classes) !== 1)).toEqual([]);
  });

  it("the chance of RWA resistance is the stated function of bio12 at the published site; HF's is flat", async () => {
    const trial = readData("traits.json").figs[0]!;
    const [rwa, hf] = trial.descriptors.map((d) => d.resistance);
    const probs = await rows(`SELECT d.column_name AS trait, a.latitude AS lat, a.longitude AS lon, a.elevation AS elev, fp.climate, fp.p
      FROM figs_probability fp JOIN descriptor d ON d.uuid = fp.descriptor_uuid JOIN accession a ON a.id = fp.accession_id
      WHERE a.latitude IS NOT NULL ORDER BY fp.accession_id LIMIT 200`);
    for (const r of probs.filter((x) => x.trait === "RWA")) {
      const elev = r.elev == null ? syntheticElevation(Number(r.lat), Number(r.lon)) : Number(r.elev);
      const bio12 = syntheticClimate(Number(r.lat), Number(r.lon), elev).bio.bio12;
      expect(Number(r.climate)).toBeCloseTo(bio12, 0);
      expect(Number(r.p)).toBeCloseTo(resistanceChance(rwa!, bio12), 6);
    }
    for (const r of probs.filter((x) => x.trait === "HF")) expect(Number(r.p)).toBe(hf!.low);
  });

  it("resistant accessions come from drier sites for RWA and not for HF", async () => {
    const cls = await rows(CLASSES);
    const share = (trait: string, lo: number, hi: number) => {
      const inBin = cls.filter((c) => {
        if (c.trait !== trait || c.lat == null) return false;
        const elev = c.elev == null ? syntheticElevation(Number(c.lat), Number(c.lon)) : Number(c.elev);
        const bio12 = syntheticClimate(Number(c.lat), Number(c.lon), elev).bio.bio12;
        return bio12 >= lo && bio12 < hi;
      });
      return { n: inBin.length, r: inBin.filter((c) => c.cls === "R").length / inBin.length };
    };
    const [dryR, wetR] = [share("RWA", 0, 350), share("RWA", 600, 1e9)];
    const [dryH, wetH] = [share("HF", 0, 350), share("HF", 600, 1e9)];
    expect(Math.min(dryR.n, wetR.n, dryH.n, wetH.n)).toBeGreaterThan(80);
    expect(dryR.r).toBeGreaterThan(0.4);
    expect(wetR.r).toBeLessThan(0.12);
    expect(Math.abs(dryH.r - wetH.r)).toBeLessThan(0.12);
  });
});
