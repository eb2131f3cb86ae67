/** The frames and the plain-words verdict of figsModels(): scores beside the baseline, importance, test predictions. */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { METHOD_NAMES, type Params } from "./learners.ts";
import type { ClassScores, NumberScores } from "./metrics.ts";
import type { ModelOutcome } from "./train.ts";

const isClass = (s: ClassScores | NumberScores): s is ClassScores => "kappa" in s;
export const f2 = (v: number) => v.toFixed(2);
export const pv = (p: number) => (p < 0.001 ? "p < 0.001" : `p = ${p.toFixed(3)}`);
export const paramText = (p: Params) => Object.entries(p).map(([k, v]) => `${k} = ${v}`).join(", ");

/**
 * A model beats the no-information baseline: accuracy above the largest class's share (p < 0.05) and Kappa's interval
 * above 0; or the correlation of predicted and observed above 0 (p < 0.05) with an RMSE below the mean's.
 */
export function beats(s: ClassScores | NumberScores): boolean {
  return isClass(s) ? classifies(s) || ranks(s) : s.pValue < 0.05 && s.rmse < s.baselineRmse;
}
/** Classifies better than always guessing the largest class. */
export const classifies = (s: ClassScores) => s.pValue < 0.05 && s.kappaLow > 0;
/** Ranks the wanted class above the others better than chance (AUC above 0.5, p < 0.05): what a best-bet ranking needs. */
const ranks = (s: ClassScores) => s.aucPValue < 0.05;

/** One row per model and one for the baseline (always the largest class, or always the training mean). */
export function scoresFrame(models: readonly ModelOutcome[], baselineLabel: string): DataFrame {
  const name = (m: ModelOutcome) => ({ model: METHOD_NAMES[m.method], parameters: paramText(m.params) });
  const first = models[0]!.test;
  if (isClass(first)) {
    const row = (t: ClassScores) => ({
      accuracy: t.accuracy,
      noInformationRate: t.noInformationRate,
      pValue: t.pValue as number | null,
      kappa: t.kappa,
      kappaLow: t.kappaLow,
      kappaHigh: t.kappaHigh,
      sensitivity: t.sensitivity as number | null,
      specificity: t.specificity as number | null,
      auc: t.auc,
      aucPValue: t.aucPValue as number | null,
      testSites: t.n,
    });
    const base = {
      ...row(first),
      accuracy: first.noInformationRate,
      pValue: null,
      kappa: 0,
      kappaLow: 0,
      kappaHigh: 0,
      auc: 0.5,
      aucPValue: null,
    };
    return pl.DataFrame([
      ...models.map((m) => ({ ...name(m), ...row(m.test as ClassScores), beatsBaseline: beats(m.test) })),
      { model: baselineLabel, parameters: "", ...base, sensitivity: null, specificity: null, beatsBaseline: false },
    ]);
  }
  const row = (t: NumberScores) => ({
    rmse: t.rmse,
    baselineRmse: t.baselineRmse,
    rsquared: t.rsquared,
    mae: t.mae,
    pValue: t.pValue as number | null,
    testSites: t.n,
  });
  const n = first as NumberScores;
  return pl.DataFrame([
    ...models.map((m) => ({ ...name(m), ...row(m.test as NumberScores), beatsBaseline: beats(m.test) })),
    { model: baselineLabel, parameters: "", ...row(n), rmse: n.baselineRmse, rsquared: 0, mae: NaN, pValue: null, beatsBaseline: false },
  ]);
}

export function importanceFrame(models: readonly ModelOutcome[], climate: readonly string[]): DataFrame {
  const rows = models.flatMap((m) =>
    climate.map((variable, j) => ({ model: METHOD_NAMES[m.method], variable, importance: m.importance[j]! }))
  );
  return pl.DataFrame(rows).sort(["model", "importance"], [false, true]);
}

/** The verdict in words: which model beats the baseline, by how much, or that none does and what that means. */
export function verdict(models: readonly ModelOutcome[], trait: string, baselineLabel: string): string {
  const good = models.filter((m) => beats(m.test));
  const s0 = models[0]!.test, n = s0.n;
  if (!good.length) {
    const detail = isClass(s0)
      ? `the best accuracy, ${f2(Math.max(...models.map((m) => (m.test as ClassScores).accuracy)))}, is not reliably above the ` +
        `${f2(s0.noInformationRate)} of ${baselineLabel}, no Kappa's 95% interval lies above 0, and no AUC is reliably above 0.5`
      : `no model's predictions correlate reliably with the observed values or beat the RMSE ${
        f2((s0 as NumberScores).baselineRmse)
      } of ${baselineLabel}`;
    return `No model beats the no-information baseline on the ${n} held-back test sites: ${detail}. ` +
      `On these data the climate of the collecting sites does not predict ${trait}; ` +
      "a best-bet subset chosen by these models is no better than a random one.";
  }
  const parts = good.map((m) => {
    const t = m.test;
    return isClass(t)
      ? `${METHOD_NAMES[m.method]}: accuracy ${f2(t.accuracy)} against ${f2(t.noInformationRate)} (${pv(t.pValue)}), ` +
        `Kappa ${f2(t.kappa)} (95% ${f2(t.kappaLow)} to ${f2(t.kappaHigh)}), AUC ${f2(t.auc)} (${pv(t.aucPValue)})` +
        (classifies(t) ? "" : ": it ranks the wanted class better than chance but does not classify better than the baseline")
      : `${METHOD_NAMES[m.method]}: RMSE ${f2(t.rmse)} against ${f2(t.baselineRmse)}, R² ${f2(t.rsquared)} (${pv(t.pValue)})`;
  });
  return `Beats the no-information baseline (${baselineLabel}) on the ${n} held-back test sites: ${parts.join("; ")}.` +
    (good.length < models.length ? ` ${models.filter((m) => !beats(m.test)).map((m) => METHOD_NAMES[m.method]).join(", ")} did not.` : "");
}
