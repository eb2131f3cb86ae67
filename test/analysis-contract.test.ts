/**
 * The one analysis contract (src/kernel/analysis.ts): every public analysis parses its options with the one parser
 * (an unknown option is a GenesysInputError naming the closest known one), checks the frame and its columns, and
 * leaves every frame of its result with provenance derived from the input's and with diagnostics.
 */
import pl from "nodejs-polars";
import { describe, expect, it } from "vitest";
import { thrown } from "./helpers/thrown.ts";
import { z } from "zod";
import { checkPassports, citation, diagnostics, GenesysInputError, joinTraits, passportCompleteness, provenance } from "../src/index.ts";
import { defineAnalysis } from "../src/kernel/analysis.ts";
import { attachProvenance, freshProvenance } from "../src/kernel/provenance.ts";

const passports = () =>
  attachProvenance(
    pl.DataFrame({
      INSTCODE: ["COL003", "PER001"],
      ACCENUMB: ["G1", "CIP 1"],
      ORIGCTY: ["COL", "PER"],
      DECLATITUDE: [3.5, -12.1],
      DECLONGITUDE: [-76.3, -77.0],
    }),
    freshProvenance({
      server: "https://api.genesys-pgr.org",
      endpoints: ["POST /api/v2/acn/query"],
      kind: "passports",
      filter: { crop: ["beans"] },
      options: {},
      rows: 2,
    }),
  );

describe("the analysis contract", () => {
  it("checkPassports: a misspelt option is an error naming the closest known one", () => {
    const e = thrown(() => checkPassports(passports(), { tolerance: 1 } as never));
    expect(e.message).toMatch(/^checkPassports\(\): unknown option 'tolerance' \(did you mean 'toleranceMeters'\?\)\n/);
    expect(e.hint).toMatch(/accepted options: toleranceMeters, useUncertainty/);
    const w = thrown(() => checkPassports(passports(), { toleranceMeters: "2 km" } as never));
    expect(w.message).toMatch(/^checkPassports\(\): option 'toleranceMeters' is "2 km"; it must be a distance in metres/);
  });

  it("passportCompleteness: a misspelt option names the closest known one, a wrong value what is accepted", () => {
    const e = thrown(() => passportCompleteness(passports(), { mising: "empty" } as never));
    expect(e.message).toMatch(/^passportCompleteness\(\): unknown option 'mising' \(did you mean 'missing'\?\)\n/);
    expect(e.hint).toBe("accepted options: missing");
    const w = thrown(() => passportCompleteness(passports(), { missing: "skip" } as never));
    expect(w.message).toMatch(/^passportCompleteness\(\): option 'missing' is "skip"; it must be "error" .* or "empty"/);
  });

  it("passportCompleteness: a frame without the fields it scores names them and the two ways out", () => {
    const e = thrown(() => passportCompleteness(passports()));
    expect(e.code).toBe("GENESYS_MISSING_COLUMNS");
    expect(e.message).toMatch(/^passportCompleteness\(\): the frame has no column "GENUS", "SPECIES", /);
    expect(e.hint).toMatch(
      /^download them too: g\.passports\(filter, \{ select: \["GENUS", "SPECIES", .*\] \}\).*or pass \{ missing: "empty" \}/,
    );
  });

  it("joinTraits: a misspelt option names the closest known one; a frame without a shared key says what to select", () => {
    const traits = pl.DataFrame({ INSTCODE: ["COL003"], ACCENUMB: ["G1"], height: [1.5] });
    const e = thrown(() => joinTraits(passports(), traits, { hw: "inner" } as never));
    expect(e.message).toMatch(/^joinTraits\(\): unknown option 'hw' \(did you mean 'how'\?\)\n/);
    expect(e.hint).toBe("accepted options: how");
    const w = thrown(() => joinTraits(passports(), traits, { how: "outer" } as never));
    expect(w.message).toMatch(/^joinTraits\(\): option 'how' is "outer"; it must be "left" .* or\s+"inner"/);
    const k = thrown(() => joinTraits(passports(), traits.select("height")));
    expect(k.message).toMatch(/^joinTraits\(\): the frames share no accession key/);
    expect(k.hint).toMatch(/select: \["INSTCODE", "ACCENUMB", "UUID"/);
  });

  it("joinTraits and passportCompleteness: results derive provenance from their inputs' in the one place", () => {
    const traits = attachProvenance(
      pl.DataFrame({ INSTCODE: ["COL003"], ACCENUMB: ["G1"], height: [1.5] }),
      freshProvenance({
        server: "https://api.genesys-pgr.org",
        endpoints: ["POST /api/v2/acn/datasets"],
        kind: "traits.wide",
        filter: {},
        options: {},
        rows: 1,
      }),
    );
    const joined = joinTraits(passports(), traits);
    // a trait column named "height" (polars' frame returns it for df.height) does not become the row count
    expect(provenance(joined)).toMatchObject({ kind: "joined", rows: 1, sources: [{ kind: "passports" }, { kind: "traits.wide" }] });
    expect(provenance(joined)?.derivation?.map((d) => [d.by, d.options])).toEqual([["joinTraits()", { how: "left" }]]);
    expect(diagnostics(joined)?.endpoint).toBe("joinTraits()");
    expect(citation(joined).text).toMatch(/^Genesys PGR \(\d{4}\)\. Passport data of 2 records/);
    const pdci = passportCompleteness(passports(), { missing: "empty" });
    // a derived table cites the download it was made from (2 passports), not itself as a download of its own rows
    expect(pdci.fields.height).toBeGreaterThan(2);
    expect(citation(pdci.fields).text).toMatch(/Passport data of 2 records, retrieved from https:\/\/api\.genesys-pgr\.org/);
    for (const key of ["accessions", "institutes", "fields"] as const) {
      expect(provenance(pdci[key])?.kind).toBe(`passports.pdci.${key}`);
      expect(provenance(pdci[key])?.derivation?.[0]).toMatchObject({ by: "passportCompleteness()", options: { missing: "empty" } });
      expect(diagnostics(pdci[key])?.endpoint).toBe("passportCompleteness()");
    }
  });

  it("checkPassports: an unknown rule id names the closest rule", () => {
    const e = thrown(() => checkPassports(passports(), { rules: ["coord-centriod"] }));
    expect(e.message).toMatch(/unknown rule 'coord-centriod' \(did you mean 'coord-centroid'\?\)/);
  });

  it("checkPassports: something other than a frame says what to pass", () => {
    const e = thrown(() => checkPassports([{ ACCENUMB: "G1" }] as never));
    expect(e.message).toMatch(/^checkPassports\(\): expects a polars DataFrame of passports/);
  });

  it("the result's frames keep the source cited, with the derivation and diagnostics", () => {
    const df = passports();
    const r = checkPassports(df, { rules: ["coord-centroid"] });
    for (const [frame, kind] of [[r.findings, "quality.findings"], [r.summary, "quality.summary"]] as const) {
      const p = provenance(frame)!;
      expect(p.kind).toBe(kind);
      expect(p.rows).toBe(frame.height);
      expect(p.server).toBe("https://api.genesys-pgr.org");
      expect(p.filter).toEqual({ crop: ["beans"] });
      expect(p.derivation?.map((d) => d.by)).toEqual(["checkPassports()"]);
      expect(p.derivation?.[0]?.options).toEqual({ rules: ["coord-centroid"] });
      expect(diagnostics(frame)?.endpoint).toBe("checkPassports()");
      expect(citation(frame).text).toMatch(/api\.genesys-pgr\.org/);
    }
  });

  it("a frame without provenance: the result says it cannot cite its source", () => {
    const r = checkPassports(pl.DataFrame({ ACCENUMB: ["G1"], DECLATITUDE: [1], DECLONGITUDE: [2] }));
    expect(provenance(r.findings)).toBeUndefined();
    expect(diagnostics(r.findings)?.notes.join(" ")).toMatch(/no provenance/);
  });

  const demo = defineAnalysis({
    name: "demo()",
    kind: "demo",
    options: z.strictObject({ scale: z.number().optional().describe("a number") }),
    columns: [{ name: "DECLATITUDE", type: "numeric" }, { name: "ACCENUMB", type: "text" }],
    selectHint: (m) => `g.passports(filter, { select: [${m.map((c) => `"${c}"`).join(", ")}] })`,
    run: (df, o) => df.select(pl.col("DECLATITUDE").mul(o.scale ?? 1)),
  });

  it("a missing column names the closest present one and what to select", () => {
    const e = thrown(() => demo(pl.DataFrame({ ACCNUMB: ["G1"], DECLATITUDE: [1] })));
    expect(e.message.split("\n")[0]).toBe('demo(): the frame has no column "ACCENUMB"');
    expect(e.hint).toBe(`did you mean 'ACCNUMB' for 'ACCENUMB'? g.passports(filter, { select: ["ACCENUMB"] })`);
  });

  it("the subject is said once, even when a message begins with it", () => {
    const e = new GenesysInputError("collectingSitesMap(): the frame has no DECLONGITUDE", { endpoint: "collectingSitesMap()" });
    expect(e.message).toBe("collectingSitesMap(): the frame has no DECLONGITUDE");
  });

  it("a column of the wrong type says how to cast it", () => {
    const e = thrown(() => demo(pl.DataFrame({ ACCENUMB: ["G1"], DECLATITUDE: ["1.5"] })));
    expect(e.message.split("\n")[0]).toBe('demo(): column "DECLATITUDE" is String; it must be numeric');
    expect(e.hint).toMatch(/cast\(pl\.Float64/);
  });

  it("an option holding a frame or a series is recorded by its shape, not walked into (it threw once the input had provenance)", () => {
    const withFrame = defineAnalysis({
      name: "withFrame()",
      kind: "demo",
      options: z.strictObject({ other: z.any(), picks: z.any() }),
      columns: [{ name: "ACCENUMB" }],
      run: (df) => df.select("ACCENUMB"),
    });
    const other = pl.DataFrame({ a: [1, 2, 3] });
    const r = withFrame(passports(), { other, picks: pl.Series("x", [1, 2]) });
    expect(provenance(r)?.derivation?.[0]?.options).toEqual({
      other: "a DataFrame of 3 rows × 1 column",
      picks: "a Series of 2 values",
    });
  });

  it("a declared analysis derives provenance once more per step", () => {
    const once = demo(passports(), { scale: 2 });
    expect(provenance(once)?.derivation).toHaveLength(1);
    const twice = demo(once.withColumns(pl.lit("G1").alias("ACCENUMB")));
    expect(provenance(twice)).toBeUndefined(); // a polars-derived frame is a new frame: nothing to cite
    attachProvenance(once, provenance(once)!);
    expect(
      provenance(demo(attachProvenance(once.withColumns(pl.lit("x").alias("ACCENUMB")), provenance(once)!)))?.derivation?.map((d) => d.by),
    )
      .toEqual(["demo()", "demo()"]);
  });
});
