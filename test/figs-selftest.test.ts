/**
 * FIGS's planted self-test, ON GENERATED DATA (issue 43): the sandbox's wheat FIGS trial (docs/sandbox.md, FIGS traits)
 * scores RWA, whose chance of resistance the sandbox made fall with annual precipitation (bio12), and HF, which it made
 * unrelated to anything. Over real HTTP on a sandbox, as notebook 11 does it: the passports and the trial's scores from
 * the client, the climate of every collecting site from the sandbox's generated WorldClim-named rasters.
 * - RWA: a fixed 40% of the screened accessions is hidden, the models learn from the rest, bestBets() ranks the hidden
 *   ones; the top 10% of the best bets must hold at least twice the base rate of resistant accessions.
 * - HF: every model's Kappa has a 95% interval that includes 0, its AUC one that includes 0.5, and the verdict says that
 *   the climate predicts nothing.
 * The settings are reduced (5-fold CV once, 3 candidates, 100 trees) to keep the file to well under a minute of CPU;
 * this proves that the method finds a planted link and reports none where there is none, not that the biology holds.
 */
import pl from "nodejs-polars";
import { beforeAll, describe, expect, it } from "vitest";
import { bestBets, climateAtSites, figsModels, sandboxClimate } from "../src/index.ts";
import type { DataFrame } from "nodejs-polars";
import { useSandboxClient } from "./helpers/sandbox.ts";

const ACCESSIONS = 30_000, SEED = 42;
const BIO = Array.from({ length: 19 }, (_, i) => `bio${i + 1}`);
const QUICK = { folds: 5, repeats: 1, tuneLength: 3, trees: 100, climate: BIO, positive: "R" } as const;

const ctx = useSandboxClient({ accessions: ACCESSIONS, seed: SEED });
let frame: DataFrame, RWA = "", HF = "";
const t0 = performance.now();
const seconds = () => ((performance.now() - t0) / 1000).toFixed(1);

beforeAll(async () => {
  const g = ctx.g;
  const wheat = await g.passports({ crop: ["wheat"] });
  const t = await g.traits({ crop: ["wheat"] }, { aggregate: "first" });
  const trial = (t.datasets.getColumn("title").toArray() as string[]).find((x) => x.includes("FIGS"))!;
  const name = (code: string) => String(t.descriptors.filter(pl.col("column_name").eq(pl.lit(code))).getColumn("name").get(0));
  [RWA, HF] = [name("RWA"), name("HF")];
  const scores = t.wide.filter(pl.col("trial").eq(pl.lit(trial))).select("UUID", pl.col(RWA).cast(pl.Utf8), pl.col(HF).cast(pl.Utf8));
  frame = await climateAtSites(wheat.join(scores, { on: "UUID", how: "left" }), await sandboxClimate(), { layers: BIO });
  console.log(`[figs self-test] data ready at ${seconds()} s`);
}, 300_000);

describe("FIGS planted link: a self-test on generated data (sandbox, 30,000 accessions, seed 42)", () => {
  it("RWA (resistance falls with bio12): the top 10% of the best bets holds at least twice the base rate of R", () => {
    // sorted by UUID, so the same accessions are hidden whatever order the rows arrived in (as notebook 11)
    const marked = frame.sort("UUID").withColumns(pl.Series("hidden", Array.from({ length: frame.height }, (_, i) => (i * 7919) % 10 < 4)));
    const known = marked.withColumns(pl.when(pl.col("hidden")).then(pl.lit(null).cast(pl.Utf8)).otherwise(pl.col(RWA)).alias(RWA));
    const model = figsModels(known, { trait: RWA, ...QUICK });
    const pool = marked.filter(pl.col("hidden").and(pl.col(RWA).isNotNull()))
      .withColumns(pl.col(RWA).alias("truth"), pl.lit(null).cast(pl.Utf8).alias(RWA));
    const sites = pool.filter(pl.col("bio12").isNotNull()).select("DECLATITUDE", "DECLONGITUDE").unique().height;
    const bets = bestBets(pool, { model, size: Math.round(sites / 10) });
    const resistant = (df: DataFrame) => df.filter(pl.col("truth").eq(pl.lit("R"))).height;
    const ranked = bets.passports.filter(pl.col("FIGS_RANK").isNotNull());
    const base = resistant(ranked) / ranked.height, top = resistant(bets.subset) / bets.subset.height;
    console.log(
      `[figs self-test] RWA at ${seconds()} s: ${model.counts.training} training, ${model.counts.test} test sites; ` +
        `${model.scores.select("model", "parameters", "accuracy", "kappa", "kappaLow", "kappaHigh", "auc", "aucPValue").toString()}\n` +
        `best: ${model.best.name}; ${ranked.height} hidden sites, base rate ${(100 * base).toFixed(1)}%; ` +
        `top ${bets.subset.height}: ${resistant(bets.subset)} R, ${(100 * top).toFixed(1)}%, ${(top / base).toFixed(2)} times`,
    );
    expect(ranked.height).toBeGreaterThan(150);
    expect(model.best.beatsBaseline).toBe(true);
    expect(top).toBeGreaterThanOrEqual(2 * base);
  }, 300_000);

  it("HF (no link): every Kappa's 95% interval includes 0, every AUC's includes 0.5, the verdict says the climate predicts nothing", () => {
    const model = figsModels(frame, { trait: HF, ...QUICK });
    const rows = model.scores.toRecords() as { model: string; kappa: number; kappaLow: number; kappaHigh: number; auc: number }[];
    const observed = model.test.getColumn("observed").toArray() as string[];
    const [r, s] = [observed.filter((v) => v === "R").length, observed.filter((v) => v !== "R").length];
    const se = Math.sqrt((r + s + 1) / (12 * r * s)); // the AUC's standard error when it is 0.5 (Mann-Whitney)
    console.log(
      `[figs self-test] HF at ${seconds()} s: ${model.counts.training} training, ${model.counts.test} test sites (${r} R); AUC ± ${
        (1.96 * se).toFixed(3)
      }\n${model.scores.select("model", "accuracy", "noInformationRate", "kappa", "kappaLow", "kappaHigh", "auc", "aucPValue").toString()}`,
    );
    for (const m of rows) {
      expect(m.kappaLow, `${m.model}: Kappa ${m.kappa}`).toBeLessThanOrEqual(0);
      expect(m.kappaHigh, `${m.model}: Kappa ${m.kappa}`).toBeGreaterThanOrEqual(0);
      expect(Math.abs(m.auc - 0.5), `${m.model}: AUC ${m.auc} (95% ± ${1.96 * se})`).toBeLessThanOrEqual(1.96 * se);
    }
    expect(model.best.beatsBaseline).toBe(false);
    expect(model.verdict).toMatch(
      new RegExp(
        String.raw`^No model beats the no-information baseline on the ${model.counts.test} held-back test sites: [\s\S]*` +
          String.raw`On these data the climate of the collecting sites does not predict ${HF}; ` +
          "a best-bet subset chosen by these models is no better than a random one\\.$",
      ),
    );
  }, 300_000);
});
