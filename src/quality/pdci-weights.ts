/**
 * The Passport Data Completeness Index's weights (van Hintum, Menting & van Strien 2011, "Quality indicators for
 * passport data in ex situ genebanks", Plant Genetic Resources 9(3):478-485, doi:10.1017/S1479262111000682): one
 * entry per scored item, in points (hundredths of the score: the PDCI is the sum of the points scored / 100, 0 to 10).
 * Items scored for every accession come first; the others score by the accession's SAMPSTAT group. docs/pdci.md
 * gives the table, its sources and where Genesys's scores were checked against it.
 */

/** The SAMPSTAT groups the weights depend on. */
export const PDCI_GROUPS = ["wild", "landrace", "breeding", "cultivar", "other"] as const;
export type PdciGroup = typeof PDCI_GROUPS[number];

/**
 * The group of a SAMPSTAT code: 100-299 wild and weedy, 300-399 landrace, 400-499 breeding and research material,
 * 500-599 advanced cultivar; 600 (GMO), 999, an empty SAMPSTAT and anything else "other".
 */
export function pdciGroup(sampstat: number | null | undefined): PdciGroup {
  if (sampstat == null || !Number.isFinite(sampstat)) return "other";
  const h = Math.floor(sampstat / 100);
  return h === 1 || h === 2 ? "wild" : h === 3 ? "landrace" : h === 4 ? "breeding" : h === 5 ? "cultivar" : "other";
}

/** Points of an item: the same for every group, or per group (a group left out scores nothing). */
export type Points = number | Partial<Record<PdciGroup, number>>;

export interface PdciItem {
  /** What a curator fills in: one MCPD field, or fields that count only together (DECLATITUDE and DECLONGITUDE). */
  fields: readonly string[];
  /** Points when the item is given. */
  points: Points;
  /** Scored only when that item scores too (SPECIES needs GENUS). */
  needs?: string;
  /** Scored only when that item is empty: the second choice of a pair (DONORNAME when there is no DONORCODE). */
  insteadOf?: string;
  /** Other points when any of these items is given (COLLSITE counts less beside coordinates, DONORNUMB more beside a donor). */
  beside?: { items: readonly string[]; points: Points };
  /** Optional: a frame without this column scores it as empty without complaint (MCPD fields Genesys does not export). */
  optional?: boolean;
}

/** An item's id: its fields joined by "+" (`DECLATITUDE+DECLONGITUDE`). */
export const itemId = (item: PdciItem): string => item.fields.join("+");

const it = (fields: string | readonly string[], points: Points, more: Omit<PdciItem, "fields" | "points"> = {}): PdciItem => ({
  fields: typeof fields === "string" ? [fields] : fields,
  points,
  ...more,
});

const COORDS = "DECLATITUDE+DECLONGITUDE";

/** Every scored item, in the paper's order. Total: 1,000 points for wild, landrace, breeding and cultivar; 850 for other. */
export const PDCI_ITEMS: readonly PdciItem[] = [
  // scored for every accession (600 points)
  it("GENUS", 120),
  it("SPECIES", 80, { needs: "GENUS" }),
  it("SPAUTHOR", 5, { needs: "SPECIES" }),
  it("SUBTAXA", 40, { needs: "SPECIES" }),
  it("SUBTAUTHOR", 5, { needs: "SUBTAXA" }),
  it("CROPNAME", 45),
  it("ACQDATE", 10),
  it("SAMPSTAT", 80),
  it("DONORCODE", 40),
  it("DONORNAME", 20, { insteadOf: "DONORCODE" }),
  it("DONORNUMB", 20, { beside: { items: ["DONORCODE", "DONORNAME"], points: 40 } }),
  it("OTHERNUMB", 35),
  it("DUPLSITE", 30),
  it("DUPLINSTNAME", 15, { insteadOf: "DUPLSITE", optional: true }),
  it("STORAGE", 15),
  it("ACCEURL", 40),
  it("MLSSTAT", 15),
  // by SAMPSTAT group (400 points; 250 for other)
  it("ORIGCTY", { wild: 80, landrace: 80, breeding: 40, cultivar: 40, other: 40 }),
  it("COLLSITE", { wild: 70, landrace: 45, other: 20 }, { beside: { items: [COORDS], points: { wild: 20, landrace: 15, other: 10 } } }),
  it(["DECLATITUDE", "DECLONGITUDE"], { wild: 120, landrace: 80, other: 30 }),
  it("ELEVATION", { wild: 20, landrace: 15, other: 5 }),
  it("COLLDATE", { wild: 30, landrace: 30, other: 10 }),
  it("BREDCODE", { breeding: 110, cultivar: 80, other: 10 }),
  it("BREDNAME", { breeding: 55, cultivar: 40, other: 5 }, { insteadOf: "BREDCODE" }),
  it("ANCEST", { landrace: 10, breeding: 150, cultivar: 100, other: 40 }),
  it("COLLSRC", { wild: 30, landrace: 50, breeding: 20, cultivar: 20, other: 25 }),
  it("ACCENAME", { landrace: 50, breeding: 80, cultivar: 160, other: 40 }),
  it("COLLNUMB", { wild: 60, landrace: 40, other: 20 }),
  it("COLLCODE", { wild: 40, landrace: 30, other: 20 }),
  it("COLLNAME", { wild: 20, landrace: 15, other: 10 }, { insteadOf: "COLLCODE" }),
];

/** Points of `p` for a group. */
export function pointsFor(p: Points, group: PdciGroup): number {
  return typeof p === "number" ? p : p[group] ?? 0;
}

/** The MCPD columns the PDCI reads, in the items' order (DUPLINSTNAME, which Genesys does not export, is optional). */
export const PDCI_FIELDS: readonly string[] = PDCI_ITEMS.flatMap((x) => x.fields);
