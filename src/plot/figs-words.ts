/**
 * A FIGS model's trait as a reader names it on a figure: its descriptor's title with the column's code ("Russian wheat
 * aphid resistance (RWA)"), its unit, and its classes by their labels ("resistant (R)"), not only the column's code
 * ("ST_S", "R"). From the descriptors frame of g.traits(), or from names the caller gives (data from elsewhere, such as
 * icardaFIGSr's septoria sites).
 */
import type { DataFrame } from "nodejs-polars";
import { z } from "zod";
import { isFrame } from "../kernel/analysis.ts";
import type { FigsModelsResult } from "../figs/models.ts";

/** The options of the FIGS figures that name the trait (their zod shape, shared by the figures' schemas). */
export const TRAIT_WORDS = {
  descriptors: z.custom<DataFrame>(isFrame).optional().describe(
    "the descriptors frame of g.traits() (t.descriptors): the trait's title, unit and class labels are read from it",
  ),
  traitName: z.string().min(1).optional().describe(
    'a string: the trait as a reader names it, e.g. traitName: "Septoria tritici blotch response"',
  ),
  classLabels: z.record(z.string(), z.string()).optional().describe(
    'a record of class code -> label, e.g. classLabels: { R: "resistant", S: "susceptible" }',
  ),
};
export type TraitWordsOptions = { descriptors?: DataFrame; traitName?: string; classLabels?: Record<string, string> };

/** What a figure writes for the trait: its name with its code and unit, a class as label and code. */
export interface TraitWords {
  /** "Russian wheat aphid resistance (RWA)", "Days to heading (DHE, days)", or the column's name when nothing names it. */
  name: string;
  /** "resistant (R)"; the code alone when no label is known. */
  cls(code: string): string;
}

type DescriptorRow = {
  name?: string;
  title?: string;
  column_name?: string;
  unit?: string;
  code_list?: { code: string; label: string | null }[];
};

/** The descriptor of the model's trait: the row whose wide column name (or column_name) is the trait. */
function descriptorOf(descriptors: DataFrame | undefined, trait: string): DescriptorRow | undefined {
  if (!descriptors) return undefined;
  const rows = descriptors.toRecords() as DescriptorRow[];
  return rows.find((r) => r.name === trait) ?? rows.find((r) => r.column_name === trait);
}

/** A label inside a sentence: "Resistant" -> "resistant", an acronym ("DNA") kept. */
const inSentence = (s: string) => (/^[A-Z][a-z]/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s);

/**
 * The words of a model's trait: `traitName` and `classLabels` first, then the descriptor's title, unit and code list,
 * else the column's own name and codes.
 * @example
 * ```ts
 * import { figsModels } from "genesys-notebook";
 * import { traitWords } from "./figs-words.ts";
 * declare const frame: import("nodejs-polars").DataFrame;
 * const w = traitWords(figsModels(frame, { trait: "ST_S", positive: "R" }), { traitName: "Septoria tritici response" });
 * w.name; // "Septoria tritici response (ST_S)"
 * ```
 */
export function traitWords(model: FigsModelsResult, o: TraitWordsOptions = {}): TraitWords {
  const d = descriptorOf(o.descriptors, model.trait);
  const code = d?.column_name && d.column_name !== model.trait ? d.column_name : model.trait;
  const title = o.traitName ?? d?.title ?? undefined;
  const unit = model.kind === "number" && d?.unit ? d.unit : undefined;
  const inside = [title && title !== code ? code : undefined, unit].filter(Boolean).join(", ");
  const name = `${title ?? code}${inside ? ` (${inside})` : ""}`;
  const terms = new Map((d?.code_list ?? []).flatMap((t) => (t?.label ? [[String(t.code), t.label] as const] : [])));
  const labelOf = (c: string) => o.classLabels?.[c] ?? terms.get(c);
  return {
    name,
    cls: (c) => {
      const label = labelOf(c);
      return label && label !== c ? `${inSentence(label)} (${c})` : c;
    },
  };
}
