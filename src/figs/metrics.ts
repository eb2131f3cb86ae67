/**
 * Scores on the held-back test rows, as caret's confusionMatrix() and postResample() compute them, each beside its
 * no-information baseline: for a class, the largest class's share of the test rows (the accuracy of always guessing it)
 * with the one-sided binomial p-value of the accuracy exceeding it, and Cohen's Kappa with its 95% interval (0 means
 * no better than chance agreement); for a number, the RMSE of always guessing the training mean, and R² (the squared
 * correlation of predicted and observed, as caret) with a one-sided p-value of the correlation exceeding 0.
 */

export interface ClassScores {
  /** counts[observed][predicted], classes in the trait's order. */
  counts: number[][];
  accuracy: number;
  kappa: number;
  /** Kappa's 95% interval (large-sample standard error). */
  kappaLow: number;
  kappaHigh: number;
  /** Of the wanted class (two classes), or the mean over classes, one against the rest (more). */
  sensitivity: number;
  specificity: number;
  /** The largest class's share of the test rows: the accuracy of a model that always guesses it. */
  noInformationRate: number;
  /** P(accuracy ≥ the observed | every guess the largest class), one-sided binomial. */
  pValue: number;
  /** The area under the ROC curve of the wanted class's probability: how well the model ranks (0.5: no better than chance). */
  auc: number;
  /** One-sided p-value of the AUC exceeding 0.5 (Mann-Whitney, normal approximation). */
  aucPValue: number;
  n: number;
}

export interface NumberScores {
  rmse: number;
  rsquared: number;
  mae: number;
  /** The RMSE of always guessing the training rows' mean. */
  baselineRmse: number;
  /** One-sided p-value of the correlation of predicted and observed exceeding 0 (Fisher's z). */
  pValue: number;
  n: number;
}

function logChoose(n: number, k: number): number {
  let s = 0;
  for (let i = 1; i <= k; i++) s += Math.log(n - k + i) - Math.log(i);
  return s;
}

/** P(X ≥ k) for X ~ Binomial(n, p). */
export function binomialUpper(k: number, n: number, p: number): number {
  if (k <= 0) return 1;
  if (p <= 0) return 0;
  if (p >= 1) return 1;
  let s = 0;
  for (let i = k; i <= n; i++) s += Math.exp(logChoose(n, i) + i * Math.log(p) + (n - i) * Math.log(1 - p));
  return Math.min(1, s);
}

/** The standard normal's upper tail (Abramowitz and Stegun 7.1.26, error below 1.5e-7). */
export function normalUpper(z: number): number {
  const x = Math.abs(z) / Math.SQRT2, t = 1 / (1 + 0.3275911 * x);
  const erfc = t * Math.exp(-x * x) * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return z >= 0 ? erfc / 2 : 1 - erfc / 2;
}

/** One class against the rest: [sensitivity, specificity] of class `c`. */
function oneVsRest(m: number[][], c: number): [number, number] {
  const n = m.flat().reduce((a, b) => a + b, 0), tp = m[c]![c]!;
  const obs = m[c]!.reduce((a, b) => a + b, 0), pred = m.reduce((a, r) => a + r[c]!, 0);
  return [obs ? tp / obs : NaN, n - obs ? (n - obs - (pred - tp)) / (n - obs) : NaN];
}

/** AUC of `score` for `observed === positive` (ties count half) and its one-sided Mann-Whitney p-value. */
export function aucOf(observed: readonly number[], score: readonly number[], positive: number): { auc: number; aucPValue: number } {
  const pos = score.filter((_, i) => observed[i] === positive), neg = score.filter((_, i) => observed[i] !== positive);
  if (!pos.length || !neg.length) return { auc: NaN, aucPValue: 1 };
  let u = 0;
  for (const p of pos) for (const q of neg) u += p > q ? 1 : p === q ? 0.5 : 0;
  const auc = u / (pos.length * neg.length);
  const se = Math.sqrt((pos.length + neg.length + 1) / (12 * pos.length * neg.length));
  return { auc, aucPValue: normalUpper((auc - 0.5) / se) };
}

export function classScores(
  observed: readonly number[],
  predicted: readonly number[],
  classes: number,
  positive: number,
  probability: readonly number[] = [],
): ClassScores {
  const counts = Array.from({ length: classes }, () => new Array<number>(classes).fill(0));
  observed.forEach((o, i) => counts[o]![predicted[i]!]!++);
  const n = observed.length, correct = counts.reduce((s, r, i) => s + r[i]!, 0);
  const rowSums = counts.map((r) => r.reduce((a, b) => a + b, 0)),
    colSums = counts[0]!.map((_, j) => counts.reduce((s, r) => s + r[j]!, 0));
  const po = correct / n, pe = rowSums.reduce((s, r, i) => s + (r * colSums[i]!) / (n * n), 0);
  const kappa = pe === 1 ? 0 : (po - pe) / (1 - pe);
  const se = pe === 1 ? 0 : Math.sqrt((po * (1 - po)) / (n * (1 - pe) ** 2));
  const nir = Math.max(...rowSums) / n;
  const each = classes === 2 ? [oneVsRest(counts, positive)] : counts.map((_, c) => oneVsRest(counts, c));
  const mean = (k: 0 | 1) => each.reduce((s, v) => s + v[k], 0) / each.length;
  return {
    counts,
    accuracy: po,
    kappa,
    kappaLow: kappa - 1.96 * se,
    kappaHigh: kappa + 1.96 * se,
    sensitivity: mean(0),
    specificity: mean(1),
    noInformationRate: nir,
    pValue: binomialUpper(correct, n, nir),
    ...(probability.length ? aucOf(observed, probability, positive) : { auc: NaN, aucPValue: 1 }),
    n,
  };
}

export function numberScores(observed: readonly number[], predicted: readonly number[], trainingMean: number): NumberScores {
  const n = observed.length, mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const mo = mean(observed), mp = mean(predicted);
  let sxy = 0, sxx = 0, syy = 0;
  observed.forEach((o, i) => {
    sxy += (o - mo) * (predicted[i]! - mp);
    sxx += (o - mo) ** 2;
    syy += (predicted[i]! - mp) ** 2;
  });
  const r = sxx && syy ? sxy / Math.sqrt(sxx * syy) : 0;
  const z = n > 3 ? Math.atanh(Math.min(0.999999, r)) * Math.sqrt(n - 3) : 0;
  return {
    rmse: Math.sqrt(mean(observed.map((o, i) => (o - predicted[i]!) ** 2))),
    rsquared: r * r,
    mae: mean(observed.map((o, i) => Math.abs(o - predicted[i]!))),
    baselineRmse: Math.sqrt(mean(observed.map((o) => (o - trainingMean) ** 2))),
    pValue: normalUpper(z),
    n,
  };
}
