/**
 * figsModels() held against caret on icardaFIGSr's own bundled data and tuneTrain's own split (test/fixtures/figs, made by
 * bench/peers/figs-caret.R; see its README):
 * - caret.csv: icardaFIGSr's tuneTrain(method = "knn" | "rf") (10 x 10 repeated CV, tuneLength 10 then its refined grid,
 *   centre and scale, up-sampling for barley): caret's chosen k or mtry and its test scores;
 * - seeds.csv: caret's final fit at that parameter refitted with seeds 1-10 (what varies is the up-sampling draws, the
 *   forest's draws and knn3's random choice between tied votes).
 * At caret's parameter, the mean of our 10 seeds is within 0.05 of the mean of caret's 10 seeds (accuracy and Kappa; for
 * days to heading, RMSE within 2% and R² within 0.03), and our run at the default seed as near tuneTrain's own.
 */
import pl from "nodejs-polars";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { figsModels } from "../src/figs/index.ts";

const DIR = "test/fixtures/figs";
const csv = (name: string) => {
  const [head, ...lines] = readFileSync(`${DIR}/${name}`, "utf8").trim().split("\n").map((l) =>
    l.split(",").map((v) => v.replace(/^"|"$/g, ""))
  );
  return lines.map((l) => Object.fromEntries(head!.map((h, i) => [h, l[i]!])));
};
const caret = csv("caret.csv"), seeds = csv("seeds.csv"), splits = csv("splits.csv");
const training = (dataset: string) => splits.filter((s) => s.dataset === dataset && s.part === "training").map((s) => Number(s.row) - 1);
const mean = (xs: readonly (string | number)[]) => xs.reduce<number>((a, b) => a + Number(b), 0) / xs.length;
const SEEDS = Array.from({ length: 10 }, (_, i) => i + 1);

const CASES = [
  { dataset: "septoria", trait: "ST_S", sampling: "none", positive: "R" },
  { dataset: "barley-rno", trait: "RNO", sampling: "up", positive: "1" },
  { dataset: "durum-dhe", trait: "DHE", sampling: "none", positive: undefined },
] as const;
type Scores = { accuracy: number; kappa: number; rmse: number; rsquared: number };

function run(c: (typeof CASES)[number], method: "rf" | "knn", params: Record<string, number>, seed?: number): Scores {
  const raw = pl.readCSV(`${DIR}/${c.dataset}.csv`);
  const frame = c.positive ? raw.withColumns(pl.col(c.trait).cast(pl.Utf8)) : raw;
  const m = figsModels(frame, {
    trait: c.trait,
    ...(c.positive ? { positive: c.positive } : {}),
    sampling: c.sampling,
    training: training(c.dataset),
    methods: [method],
    tune: { [method]: params },
    ...(seed === undefined ? {} : { seed }),
  });
  expect(m.counts.test).toBe(splits.filter((s) => s.dataset === c.dataset && s.part === "test").length);
  return m.scores.toRecords()[0] as Scores;
}

/**
 * Ours against R's: accuracy and Kappa within 0.05 (the target), or for days to heading RMSE within 2% and R²
 * within 0.03 (one seed's forest moves them by up to 1.5% and 0.02; docs/figs.md).
 */
function near(what: string, got: Scores, peer: Scores, numeric: boolean) {
  if (numeric) {
    expect(Math.abs(got.rmse / peer.rmse - 1), `${what}: RMSE ${got.rmse} vs ${peer.rmse}`).toBeLessThanOrEqual(0.02);
    expect(Math.abs(got.rsquared - peer.rsquared), `${what}: R² ${got.rsquared} vs ${peer.rsquared}`).toBeLessThanOrEqual(0.03);
  } else {
    expect(Math.abs(got.accuracy - peer.accuracy), `${what}: accuracy ${got.accuracy} vs ${peer.accuracy}`).toBeLessThanOrEqual(0.05);
    expect(Math.abs(got.kappa - peer.kappa), `${what}: Kappa ${got.kappa} vs ${peer.kappa}`).toBeLessThanOrEqual(0.05);
  }
}

const meanOf = (rows: readonly Record<string, string | number>[]): Scores => ({
  accuracy: mean(rows.map((r) => r.accuracy!)),
  kappa: mean(rows.map((r) => r.kappa!)),
  rmse: mean(rows.map((r) => r.rmse!)),
  rsquared: mean(rows.map((r) => r.rsquared!)),
});

describe("figsModels() against caret's tuneTrain() on icardaFIGSr's data and split", () => {
  for (const c of CASES) {
    for (const method of ["knn", "rf"] as const) {
      const tuned = caret.find((r) => r.dataset === c.dataset && r.method === method);
      const theirs = seeds.filter((r) => r.dataset === c.dataset && r.method === method);
      const param = method === "knn" ? "k" : "mtry";
      it.runIf(tuned && theirs.length)(`${c.dataset}: ${method} at caret's ${param}, ours and caret's over 10 seeds`, () => {
        const value = Number(tuned!.value);
        expect(theirs.every((r) => Number(r.value) === value), "seeds.csv refits caret.csv's parameter").toBe(true);
        near("default seed against tuneTrain's run", run(c, method, { [param]: value }), meanOf([tuned!]), !c.positive);
        const ours = meanOf(SEEDS.map((seed) => run(c, method, { [param]: value }, seed)));
        near("mean of 10 seeds against caret's 10", ours, meanOf(theirs), !c.positive);
      }, 600_000);
    }
  }
});
