/**
 * Trait means as a reader should see them: rounded to the precision the recorded values support, while the frame the
 * client returned keeps every digit. A mean of yields recorded to 0.1 t/ha prints as 4.11, not 4.114167.
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";

/** Most decimals looked for in a recorded value. */
const MAX_DECIMALS = 6;

/**
 * Per descriptor (the long frame's `descriptor`, the wide frame's column name): the most decimals a recorded value has.
 * @example
 * ```ts
 * import { Genesys } from "genesys-notebook";
 * import { recordedDecimals } from "genesys-notebook/plot";
 * const t = await Genesys.fromEnv().traits({ crop: ["beans"] });
 * console.log(recordedDecimals(t.long).get("Seed iron content")); // 1: iron recorded to 0.1 mg/kg
 * ```
 */
export function recordedDecimals(long: DataFrame): Map<string, number> {
  const v = pl.col("value");
  let decimals = pl.lit(MAX_DECIMALS);
  for (let d = MAX_DECIMALS - 1; d >= 0; d--) {
    const scaled = v.mul(pl.lit(10 ** d));
    decimals = pl.when(scaled.sub(scaled.round(0)).abs().lt(pl.lit(1e-6))).then(pl.lit(d)).otherwise(decimals);
  }
  const per = long.filter(v.isNotNull().and(v.isNan().not())).groupBy("descriptor").agg(decimals.max().alias("decimals"));
  return new Map(per.toRecords().map((r) => [String(r.descriptor), Number(r.decimals)]));
}

/**
 * A copy of `frame` for display: each Float64 column named after a descriptor of `traits.long` rounded to one decimal
 * more than its recorded values have (means of whole numbers to 1 decimal, of values to 0.1 to 2). Other columns, and
 * the frame given, are unchanged.
 * @example
 * ```ts
 * import { display, Genesys } from "genesys-notebook";
 * import { roundedLikeData } from "genesys-notebook/plot";
 * const means = await Genesys.fromEnv().traits({ crop: ["beans"] }, { aggregate: "mean" });
 * await display(roundedLikeData(means.wide, means)); // 4.11, not 4.114167; means.wide keeps every digit
 * ```
 */
export function roundedLikeData(frame: DataFrame, traits: { long: DataFrame }): DataFrame {
  const decimals = recordedDecimals(traits.long);
  const rounded = frame.columns.flatMap((c) => {
    const d = decimals.get(c);
    return d !== undefined && frame.schema[c]?.variant === "Float64" ? [pl.col(c).round(Math.min(MAX_DECIMALS, d + 1))] : [];
  });
  return rounded.length ? frame.withColumns(...rounded) : frame;
}
