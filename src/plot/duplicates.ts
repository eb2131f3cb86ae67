/** Figures of `probableDuplicates()` results: how much material institutes share. */
import * as Plot from "@observablehq/plot";
import type { DataFrame } from "nodejs-polars";
import { z } from "zod";
import { checkOptionsWith } from "../kernel/options.ts";
import { type Figure, render } from "./figure.ts";
import { needColumns } from "./columns.ts";
import { INSTITUTE_NAMES_ACCEPTED, instituteKey, InstituteNames, NO_INSTCODE } from "./institutes.ts";
import { CATEGORY_COLOURS, fmt } from "./labels.ts";

/** The options of sharedMaterialMatrix(). */
export const SharedMaterialOptions = z.strictObject({
  title: z.string().optional().describe("a string: the figure's title"),
  names: InstituteNames.optional().describe(INSTITUTE_NAMES_ACCEPTED),
});
export type SharedMaterialOptions = z.infer<typeof SharedMaterialOptions>;

/**
 * A matrix of institutes: each cell counts the sets of `probableDuplicates(df).sets` that both institutes hold a
 * record of (the same material in both genebanks), the number written in the cell. The axes carry the institutes' WIEWS
 * codes; `names` (what `await g.instituteNames(codes)` returns) adds a key under the chart that names each one, drawn
 * into the figure so that a PNG or a print keeps it.
 * @example
 * ```ts
 * import { Genesys, probableDuplicates } from "genesys-notebook";
 * import { sharedMaterialMatrix } from "genesys-notebook/plot";
 * const g = Genesys.fromEnv();
 * const { sets } = probableDuplicates(await g.passports({ crop: ["beans"] }));
 * const names = await g.instituteNames([...new Set(sets.getColumn("INSTCODE").toArray() as string[])]);
 * sharedMaterialMatrix(sets, { names }).save("out/shared.png");
 * ```
 */
export function sharedMaterialMatrix(sets: DataFrame, options: SharedMaterialOptions = {}): Figure {
  const fn = "sharedMaterialMatrix()";
  const { title = "Material shared between genebanks", names } = checkOptionsWith(fn, SharedMaterialOptions, options) ?? {};
  needColumns(sets, fn, ["set_id", "INSTCODE"], "pass the sets of probableDuplicates(df): sharedMaterialMatrix(dups.sets)");
  const members = sets.select("set_id", "INSTCODE").toRecords() as { set_id: number; INSTCODE: string | null }[];
  const bySet = new Map<number, Set<string>>();
  for (const m of members) bySet.set(m.set_id, (bySet.get(m.set_id) ?? new Set()).add(m.INSTCODE ?? NO_INSTCODE));
  const counts = new Map<string, number>();
  let shared = 0;
  for (const insts of bySet.values()) {
    const list = [...insts].sort();
    if (list.length > 1) shared++;
    for (const a of list) for (const b of list) if (a !== b) counts.set(`${a}\u0001${b}`, (counts.get(`${a}\u0001${b}`) ?? 0) + 1);
  }
  const data = [...counts].map(([k, n]) => ({ a: k.split("\u0001")[0]!, b: k.split("\u0001")[1]!, n }));
  // institute codes read across the top while each column is wide enough for one (about 60 px of 560);
  // more institutes than that turn them, with room below for the turned labels
  const institutes = [...new Set(data.map((d) => d.a))].sort();
  const across = institutes.length <= 9;
  return render(
    {
      title,
      padding: 0,
      marginLeft: 70,
      ...(across ? { marginTop: 30 } : { marginBottom: 60 }),
      x: across ? { label: null, axis: "top" as const, tickRotate: 0 } : { label: null, tickRotate: -45 },
      y: { label: null },
      color: {
        type: "linear",
        zero: true,
        range: ["#f2f6fb", CATEGORY_COLOURS[0]!],
        label: "Sets of duplicates both institutes hold (count)",
      },
      marks: [
        Plot.cell(data, { x: "a", y: "b", fill: "n", inset: 0.5 }),
        Plot.text(data, { x: "a", y: "b", text: (d: { n: number }) => fmt(d.n), fill: "black" }),
      ],
    },
    title,
    {
      subtitle: `${fmt(shared)} of ${fmt(bySet.size)} sets span two or more institutes; a cell: the sets both institutes hold`,
      ...(names ? { notes: instituteKey(institutes, names) } : {}),
    },
  );
}
