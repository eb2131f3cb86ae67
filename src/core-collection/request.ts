/**
 * coreRequest(): a core as a list to paste into a Genesys subset or a material request: each accession's DOI, or its
 * institute code and accession number where it has none, with the citation of the data the core was drawn from.
 */
import type { DataFrame } from "nodejs-polars";
import { type Citation, citation } from "../kernel/provenance.ts";
import { GenesysInputError } from "../kernel/errors.ts";

export interface CoreRequest {
  /** One line per accession: the DOI, else `INSTCODE ACCENUMB`. */
  lines: string[];
  /** How many lines are DOIs, and how many institute code + accession number. */
  withDoi: number;
  withoutDoi: number;
  /** The citation of the data the core was drawn from (citation() of the core). */
  citation: Citation;
  /** The whole request as text: a comment line with the citation, then the lines. */
  text: string;
}

/**
 * The core (a coreCollection() or clusteredCore() result, or any frame of accessions) as a request list. `cite`: the
 * frames the core was drawn from, when the core's own frame has lost their provenance (a polars join, say).
 * @example
 * ```ts
 * import { coreCollection, coreRequest, Genesys } from "genesys-notebook";
 * const passports = await Genesys.fromEnv().passports({ crop: ["beans"] });
 * const r = coreCollection(passports, { size: 100, columns: ["ORIGCTY", "SAMPSTAT", "ELEVATION"] });
 * const request = coreRequest(r);
 * await Deno.writeTextFile("core-request.txt", request.text);
 * ```
 */
export function coreRequest(core: { core: DataFrame } | DataFrame, cite: DataFrame[] = []): CoreRequest {
  const isFrame = typeof (core as { getColumn?: unknown }).getColumn === "function";
  const df = isFrame ? core as DataFrame : (core as { core: DataFrame }).core;
  const has = (c: string) => df.columns.includes(c);
  if (!has("DOI") && !(has("INSTCODE") && has("ACCENUMB"))) {
    throw new GenesysInputError("the core has neither a DOI column nor INSTCODE and ACCENUMB", {
      endpoint: "coreRequest()",
      hint: "select DOI, INSTCODE and ACCENUMB in the passports the core is drawn from",
    });
  }
  const col = (c: string) => (has(c) ? df.getColumn(c).toArray() as (string | null)[] : []);
  const doi = col("DOI"), inst = col("INSTCODE"), acc = col("ACCENUMB");
  let withDoi = 0;
  const lines = Array.from({ length: df.shape.height }, (_, i) => {
    if (doi[i]) return withDoi++, doi[i]!;
    return `${inst[i] ?? ""} ${acc[i] ?? ""}`.trim();
  });
  const cited = citation(...(cite.length ? cite : [df]));
  const text = [`# ${lines.length} accessions. Drawn from: ${cited.text}`, ...lines].join("\n") + "\n";
  return { lines, withDoi, withoutDoi: lines.length - withDoi, citation: cited, text };
}
