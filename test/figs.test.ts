/**
 * FIGS: the errors a user meets (each message and what to do), the filtering route, the best-bet subset and its
 * provenance, on small frames made here. Held against caret in figs-peer.test.ts; the planted self-test on the sandbox is
 * figs-selftest.test.ts (and notebook 11).
 */
import pl from "nodejs-polars";
import { describe, expect, it } from "vitest";
import { bestBets, climateEnvelope, diagnostics, figsModels, provenance } from "../src/index.ts";
import { attachProvenance, freshProvenance } from "../src/kernel/provenance.ts";
import { stratifiedSplit } from "../src/figs/split.ts";
import { seeded } from "../src/figs/rng.ts";
import { classScores } from "../src/figs/metrics.ts";

/** n sites on a rainfall gradient: "R" where bio12 is low (plus noise), one accession per site but the last two share one. */
function frame(n = 60) {
  const rng = seeded(7);
  const bio12 = Array.from({ length: n }, (_, i) => 100 + (i * 900) / n);
  const bio5 = bio12.map((v) => 45 - v / 40 + rng() * 2);
  const lat = bio12.map((_, i) => 30 + i / 10), lon = bio12.map((_, i) => 40 + i / 10);
  lat[n - 1] = lat[n - 2]!;
  lon[n - 1] = lon[n - 2]!;
  return pl.DataFrame({
    INSTCODE: bio12.map(() => "SYR002"),
    ACCENUMB: bio12.map((_, i) => `IG ${1000 + i}`),
    DOI: bio12.map((_, i) => (i % 3 ? `10.18730/T${i}` : null)),
    SAMPSTAT: bio12.map((_, i) => (i % 4 === 0 ? 500 : 300)),
    DECLATITUDE: lat,
    DECLONGITUDE: lon,
    bio12,
    bio5,
    drought: bio12.map((v, i) => (i % 5 === 4 ? null : (v + rng() * 300 < 500 ? "tolerant" : "susceptible"))),
  });
}
const FAST = { repeats: 1, folds: 5, trees: 30, tuneLength: 2 } as const;

describe("figsModels() errors", () => {
  it("a trait with one class only", () => {
    const f = frame().withColumns(pl.lit("tolerant").alias("drought"));
    expect(() => figsModels(f, { trait: "drought", ...FAST })).toThrow(
      new RegExp(
        String.raw`figsModels\(\): trait "drought" has one class only among the 59 evaluated sites \("tolerant"\)` +
          String.raw`[\s\S]*Hint: choose a trait evaluated with both outcomes`,
      ),
    );
  });
  it("fewer evaluated accessions than folds", () => {
    const f = frame(12);
    expect(() => figsModels(f, { trait: "drought", ...FAST, folds: 10 })).toThrow(
      new RegExp(
        String.raw`only 9 evaluated sites with climate \(7 to train on\) for 10-fold cross-validation` +
          String.raw`[\s\S]*Hint: evaluate more accessions, or use fewer folds: folds: 3`,
      ),
    );
  });
  it("no climate column", () => {
    const f = frame().drop("bio12", "bio5");
    expect(() => figsModels(f, { trait: "drought", ...FAST })).toThrow(
      new RegExp(
        String.raw`figsModels\(\): the frame has no climate column \(bio1 to bio19` +
          String.raw`[\s\S]*Hint: add the climate of the collecting sites first: climateAtSites\(frame, rasters\)`,
      ),
    );
    expect(() => figsModels(frame(), { trait: "drought", climate: ["bio13"], ...FAST })).toThrow(
      /no climate column "bio13" \(did you mean "bio12"\?\)\nHint: name columns the frame has, or add the climate .*climateAtSites/,
    );
  });
  it("a wanted class the trait does not have, an unknown option, no trait", () => {
    expect(() => figsModels(frame(), { trait: "drought", positive: "resistant", ...FAST })).toThrow(
      /positive: "resistant" is not a class of trait "drought"[\s\S]*the classes are "susceptible", "tolerant"/,
    );
    expect(() => figsModels(frame(), { trait: "drought", fold: 5 } as never)).toThrow(/unknown option 'fold' \(did you mean 'folds'\?\)/);
    expect(() => figsModels(frame(), {})).toThrow(/no trait named[\s\S]*figsModels\(frame, \{ trait: "resistance" \}\)/);
  });
});

describe("figsModels(): accessions of one collecting site", () => {
  /** Rows 0-1 at one site, one "tolerant" and one "susceptible" (a tie); rows 2-4 at another, two "tolerant" to one. */
  const shared = () => {
    const f = frame();
    const lat = f.getColumn("DECLATITUDE").toArray() as number[], lon = f.getColumn("DECLONGITUDE").toArray() as number[];
    for (const r of [1]) [lat[r], lon[r]] = [lat[0]!, lon[0]!];
    for (const r of [3, 4]) [lat[r], lon[r]] = [lat[2]!, lon[2]!];
    const drought = f.getColumn("drought").toArray() as (string | null)[];
    [drought[0], drought[1], drought[2], drought[3], drought[4]] = ["tolerant", "susceptible", "tolerant", "susceptible", "tolerant"];
    return f.withColumns(pl.Series("DECLATITUDE", lat), pl.Series("DECLONGITUDE", lon), pl.Series("drought", drought));
  };
  for (const positive of ["tolerant", "susceptible"]) {
    it(`a site whose accessions tie between classes is left out of training and reported, whichever is wanted (${positive})`, () => {
      const f = shared();
      const m = figsModels(f, { trait: "drought", positive, ...FAST });
      // 60 rows, 12 unevaluated (i % 5 == 4, row 4 evaluated here), 3 merged into sites 0 and 2: 46 sites, one tied
      expect(m.counts).toMatchObject({ merged: 3, tied: 1 });
      expect(m.counts.training + m.counts.test).toBe(45);
      expect(m.test.getColumn("row").toArray()).not.toContain(0);
      expect(m.merged.toRecords()).toEqual([
        { kept: 0, merged: "1", site: "tied (1 susceptible, 1 tolerant): left out" },
        { kept: 2, merged: "3, 4", site: "tolerant (2 of 3)" },
      ]);
      expect(diagnostics(m.scores)!.notes).toContain(
        "1 collecting site left out because its evaluated accessions tie between classes, as many of one as of another (rows 0, 1)",
      );
    });
  }
});

describe("the other errors, each with what to do", () => {
  it("figsModels(): a class trait asked to be a number", () => {
    expect(() => figsModels(frame(), { trait: "drought", kind: "number", ...FAST })).toThrow(
      /figsModels\(\): trait "drought" holds String, not numbers\nHint: use kind: "class" for a class trait/,
    );
  });
  it("bestBets(): no model, a frame without the model's climate, nothing unevaluated to rank", () => {
    const f = frame(), model = figsModels(f, { trait: "drought", positive: "tolerant", ...FAST });
    expect(() => bestBets(f, {})).toThrow(
      new RegExp(
        String.raw`bestBets\(\): no model given\nHint: train one first: ` +
          String.raw`const model = figsModels\(evaluated, \{ trait \}\); bestBets\(frame, \{ model \}\)`,
      ),
    );
    expect(() => bestBets(f.drop("bio5"), { model })).toThrow(
      /the frame lacks the model's climate columns bio5\nHint: add them with climateAtSites\(\) as for the training frame/,
    );
    expect(() => bestBets(f.filter(pl.col("drought").isNotNull()), { model })).toThrow(
      /no unevaluated accession with climate to rank\nHint: pass accessions whose "drought" is null and whose climate columns are filled/,
    );
  });
  it("climateEnvelope(): no envelope, an empty bound, a status without SAMPSTAT, a column the frame lacks", () => {
    expect(() => climateEnvelope(frame(), {})).toThrow(
      /climateEnvelope\(\): no envelope given\nHint: state it: where: \{ bio12: \{ below: 400 \}, bio5: \{ above: 35 \} \}/,
    );
    expect(() => climateEnvelope(frame(), { where: { bio12: {} } })).toThrow(
      /the bound of "bio12" is empty\nHint: give above, below or both: bio12: \{ below: 400 \}/,
    );
    expect(() => climateEnvelope(frame().drop("SAMPSTAT"), { where: { bio12: { below: 400 } }, status: ["wild"] })).toThrow(
      /status: needs the SAMPSTAT column\nHint: select SAMPSTAT with the passports/,
    );
    expect(() => climateEnvelope(frame(), { where: { bio1: { below: 50 } } })).toThrow(
      /the frame has no column "bio1"\nHint: did you mean 'bio12' for 'bio1'\? select bio1 too/,
    );
  });
});

describe("climateEnvelope()", () => {
  it("keeps the sites inside, landraces only, one per site, nearest the centre first, and says which were merged", () => {
    const out = climateEnvelope(frame(), { where: { bio12: { below: 400 }, bio5: { above: 30 } }, status: ["landrace"] });
    const bio12 = out.getColumn("bio12").toArray() as number[];
    expect(bio12.every((v) => v < 400)).toBe(true);
    expect((out.getColumn("SAMPSTAT").toArray() as number[]).every((v) => v === 300)).toBe(true);
    const d = out.getColumn("FIGS_DISTANCE").toArray() as number[];
    expect(d).toEqual(d.slice().sort((a, b) => a - b));
    expect(out.getColumn("FIGS_RANK").toArray()).toEqual(d.map((_, i) => i + 1));
    const all = climateEnvelope(frame(), { where: { bio12: { above: 900 } } });
    expect(all.height).toBe(5);
    expect(all.getColumn("FIGS_MERGED").toArray()).toContain("10.18730/T59");
    expect(provenance(all)).toBeUndefined(); // a frame made here has no source to cite
  });
  it("a target envelope no site falls in", () => {
    expect(() => climateEnvelope(frame(), { where: { bio12: { below: 50 }, bio5: { above: 35 } } })).toThrow(
      new RegExp(
        String.raw`climateEnvelope\(\): no collecting site falls in the envelope bio12 < 50 \(the sites range 100 to 985\), ` +
          String.raw`bio5 > 35 \(the sites range [\d.]+ to [\d.]+\)[\s\S]*Hint: widen a bound to overlap the sites' range`,
      ),
    );
  });
});

describe("bestBets()", () => {
  it("ranks the unevaluated accessions, one per site, flags them into the frame and lists DOIs or INSTCODE ACCENUMB", () => {
    const f = frame();
    const model = figsModels(f, { trait: "drought", positive: "tolerant", ...FAST });
    expect(model.verdict).toMatch(/Beats the no-information baseline/);
    const bets = bestBets(f, { model, size: 4 });
    expect(bets.passports.height).toBe(f.height);
    expect(bets.subset.height).toBe(4);
    const scores = bets.subset.getColumn("FIGS_SCORE").toArray() as number[];
    expect(scores).toEqual(scores.slice().sort((a, b) => b - a));
    expect((bets.subset.getColumn("drought").toArray()).every((v) => v === null)).toBe(true);
    expect((bets.subset.getColumn("bio12").toArray() as number[]).every((v) => v < 500)).toBe(true);
    expect(bets.request[0]).toMatch(/^(10\.18730\/T\d+|SYR002 IG \d+)$/);
    expect(bets.citation).toMatch(/Ranked by figsModels\(\): .* of the chance that drought is "tolerant" from 2 climate variables/);
    expect(bets.citation).toMatch(
      /scored on \d+ held-back sites: AUC \d\.\d\d \(p [<=] [\d.]+; 0\.5 is chance\), accuracy \d\.\d\d against/,
    );
    expect(bets.citation).toMatch(/Kappa -?\d\.\d\d \(95% -?\d\.\d\d to -?\d\.\d\d\)\. It (classifies|ranks) better/);
  });

  it("cites the frames given as sources, records the model in the provenance, and says what sources must be", () => {
    const f = frame();
    const model = figsModels(f, { trait: "drought", positive: "tolerant", ...FAST });
    const from = (rows: number) =>
      freshProvenance({
        server: "https://api.genesys-pgr.org",
        endpoints: ["POST /api/v2/acn/query"],
        kind: "passports",
        filter: { crop: ["wheat"] },
        options: {},
        rows,
      });
    const downloaded = attachProvenance(pl.DataFrame({ INSTCODE: ["SYR002"], ACCENUMB: ["IG 1"] }), from(1));
    expect(bestBets(f, { model, size: 4 }).citation).toMatch(/^Genesys PGR \(https:\/\/www.genesys-pgr.org\): provenance unknown/);
    const cited = bestBets(f, { model, size: 4, sources: [downloaded] }).citation;
    expect(cited).toMatch(/^Genesys PGR \(\d{4}\)\. Passport data of 1 record[\s\S]*\{"crop":\["wheat"\]\}[\s\S]*Ranked by figsModels\(\)/);
    // a frame with provenance: the step records the model by its trait, method and parameter, not by its frames
    const step = provenance(bestBets(attachProvenance(frame(), from(f.height)), { model, size: 4 }).passports)!.derivation!.at(-1)!;
    expect(step.options.model).toEqual({ trait: "drought", model: model.best.name, ...model.best.params });
    expect(() => bestBets(f, { model, size: 4, sources: ["passports"] } as never)).toThrow(
      /sources[\s\S]*an array of the frames the input was made from/,
    );
  });
});

describe("the figures", () => {
  it("map, probability and confusion matrix carry counts, units and names", async () => {
    const { figsBestBetsMap, figsConfusion, figsProbabilityPlot } = await import("../src/plot/index.ts");
    const f = frame();
    const model = figsModels(f, { trait: "drought", positive: "tolerant", ...FAST });
    const bets = bestBets(f, { model, size: 4 });
    const map = figsBestBetsMap(bets, model, { variable: "bio12", unit: "mm" }).svg;
    expect(map).toMatch(/4 best bets \(red rings\) of 12 candidate sites; colour: bio12 \(mm\) at the site/);
    // the colours' legend, drawn into the SVG (a PNG or a print keeps it): classes with their ranges in millimetres
    expect(map).toMatch(/<text[^>]*>&lt; [\d,]+ mm<\/text>/);
    expect(map).toMatch(/<text[^>]*>≥ [\d,]+ mm<\/text>/);
    const prob = figsProbabilityPlot(bets, model, { variable: "bio12", unit: "mm" }).svg;
    expect(prob).toMatch(/drought: chance of tolerant by/);
    expect(prob).toMatch(/bio12 \(mm\)/);
    const cm = figsConfusion(model).svg;
    const t = model.best.test as { n: number };
    expect(cm).toContain(`drought: ${model.best.name} on ${t.n} held-back test sites`);
    expect(cm).toMatch(/always the largest class: 0\.\d\d/);
  }, 120_000);
});

describe("the parts", () => {
  it("a stratified split keeps every class's share (ceiling(p × n) of each, as caret)", () => {
    const y = [...Array(30).fill("a"), ...Array(10).fill("b")];
    const t = stratifiedSplit(y, 0.7, seeded(1));
    expect(t.filter((i) => y[i] === "a").length).toBe(21);
    expect(t.filter((i) => y[i] === "b").length).toBe(7);
  });
  it("Kappa and the no-information p-value as caret's confusionMatrix (septoria, knn: 21/31 R, 21/28 S right)", () => {
    const observed = [...Array(31).fill(0), ...Array(28).fill(1)];
    const predicted = [...Array(21).fill(0), ...Array(10).fill(1), ...Array(7).fill(0), ...Array(21).fill(1)];
    const s = classScores(observed, predicted, 2, 0);
    expect(s.accuracy).toBeCloseTo(0.7118644, 6);
    expect(s.kappa).toBeCloseTo(0.4252149, 6);
    expect(s.pValue).toBeCloseTo(0.00272201, 6);
  });
});
