/**
 * What the rest of the passport says about two records that a name or a number links: the review PGRdup leaves to a
 * person (`ReviewProbDup()` lays the sets out beside other passport fields "to facilitate manual clerical review"),
 * made mechanical for the questions a curator asks first.
 * - Conflicts: two records that give different species, countries of origin, kinds of material (wild, landrace, bred),
 *   collecting dates, breeders, or collecting sites more than `FAR_KM` apart describe two samples, whatever their names.
 * - Sample-level agreement: the same collecting site (COLLSITE), coordinates within `CLOSE_KM`, the same collecting day,
 *   the same pedigree (ANCEST), and for bred material (both SAMPSTAT 400-599) the same breeder (BREDCODE) or the same
 *   species, for a bred name is a denomination. These say "one sample" (or one cultivar); for landraces the same taxon
 *   or the same country of origin do not (two landraces of one name from one country are the usual case of different
 *   material under one name), so they are listed but do not count.
 * A name or number link becomes a probable link (one that joins sets) only without conflict and with two independent
 * kinds of support: a number in one record that is the other's accession number, or two of {a name, a number, a
 * sample-level agreement}. See docs/duplicates.md.
 */
import { haversineMeters } from "../kernel/geo.ts";
import { compactKey } from "./keywords.ts";
import { type Evidence, isDeterministic, type Pair } from "./pairs.ts";
import { type Records, value } from "./records.ts";

/** Collecting sites closer than this (km) are one site, rounding and georeferencing aside. */
export const CLOSE_KM = 10;
/** Collecting sites farther apart than this (km) are two samples. */
export const FAR_KM = 50;

const NAME_KINDS = new Set(["name", "distinctive", "name-fuzzy", "keyword", "fuzzy", "phonetic", "synonym"]);
const NUMBER_KINDS = new Set(["identifier", "number"]);

/** What a pair's name and number evidence rests on. */
export interface Support {
  /** A number of one record is the other's INSTCODE-qualified ACCENUMB. */
  pointer: boolean;
  name: boolean;
  number: boolean;
}

/** What the evidence rests on; a number written in a name field (`TMV 2`) is part of the name. */
export function supportOf(p: Pair, nameFields: readonly string[]): Support {
  const s: Support = { pointer: false, name: false, number: false };
  for (const e of p.evidence) {
    if (NAME_KINDS.has(e.kind) || nameFields.includes(e.fieldA) || nameFields.includes(e.fieldB)) s.name = true;
    else if (NUMBER_KINDS.has(e.kind)) {
      if ((e.fieldA === "ACCENUMB") !== (e.fieldB === "ACCENUMB")) s.pointer = true;
      else s.number = true;
    }
  }
  return s;
}

/** Material kind from MCPD SAMPSTAT: wild or weedy (100-299), landrace (300-399), bred (400-599); null otherwise. */
function materialOf(sampstat: string): string | null {
  const n = Number.parseInt(sampstat, 10);
  if (!(n >= 100)) return null;
  return n < 300 ? "wild or weedy" : n < 400 ? "landrace" : n < 600 ? "bred" : null;
}

/** A species epithet, or "" for none or an undetermined one (`sp.`, `spp.`). */
const speciesOf = (s: string) => (/^(sp|spp|sp\.|spp\.)$/i.test(s) ? "" : s.toLowerCase());

/** MCPD COLLDATE (YYYYMMDD, `-` for unknown parts) as its known parts; null when it is no such date. */
function dateParts(s: string): [string, string, string] | null {
  const m = /^([0-9]{4})([0-9-]{2})([0-9-]{2})(\.0+)?$/.exec(s);
  if (!m) return null;
  const part = (x: string) => (/^[0-9]{2}$/.test(x) && x !== "00" ? x : "");
  return [m[1]!, part(m[2]!), part(m[3]!)];
}

function coordinates(r: Records, row: number): [number, number] | null {
  const lat = Number.parseFloat(value(r, "DECLATITUDE", row)), lon = Number.parseFloat(value(r, "DECLONGITUDE", row));
  return Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? [lat, lon] : null;
}

/** The passport's word on two records: agreements (sample-level or not) and conflicts, as evidence of weight 0. */
export interface Review {
  agreements: Evidence[];
  conflicts: Evidence[];
  /** An agreement that only one sample (or cultivar) explains: site, coordinates, day, pedigree; breeder or species of bred material. */
  sampleLevel: boolean;
}

export function reviewPair(r: Records, a: number, b: number): Review {
  const out: Review = { agreements: [], conflicts: [], sampleLevel: false };
  const note = (agree: boolean, field: string, va: string, vb: string, sample = false) => {
    const e: Evidence = { kind: agree ? "passport" : "conflict", fieldA: field, fieldB: field, valueA: va, valueB: vb, weight: 0 };
    (agree ? out.agreements : out.conflicts).push(e);
    if (agree && sample) out.sampleLevel = true;
  };
  const both = (col: string) => [value(r, col, a), value(r, col, b)] as const;
  const [ssA, ssB] = both("SAMPSTAT");
  const mA = materialOf(ssA), mB = materialOf(ssB);
  if (mA && mB && mA !== mB) note(false, "SAMPSTAT", `${ssA} (${mA})`, `${ssB} (${mB})`);
  const bred = mA === "bred" && mB === "bred";
  // a cultivar's or line's name is its denomination, one per species (ICNCP, UPOV): within one species, the same
  // bred material; a landrace's name is a vernacular name, which many samples share
  const [spA, spB] = both("SPECIES");
  if (speciesOf(spA) && speciesOf(spB)) note(speciesOf(spA) === speciesOf(spB), "SPECIES", spA, spB, bred);
  const [ctyA, ctyB] = both("ORIGCTY");
  if (ctyA && ctyB) note(ctyA.toUpperCase() === ctyB.toUpperCase(), "ORIGCTY", ctyA, ctyB);
  // a cultivar is known by its name and its breeder (UPOV's denomination and breeder): the same breeder of bred material
  // agrees at the level of the cultivar; another breeder is another cultivar
  const [bcA, bcB] = both("BREDCODE");
  if (bcA && bcB) note(bcA.toUpperCase() === bcB.toUpperCase(), "BREDCODE", bcA, bcB, bred);
  const [dA, dB] = both("COLLDATE");
  const pa = dateParts(dA), pb = dateParts(dB);
  if (pa && pb) {
    const differs = pa.some((x, i) => x && pb[i] && x !== pb[i]);
    if (differs) note(false, "COLLDATE", dA, dB);
    else if (pa.every((x, i) => x && x === pb[i])) note(true, "COLLDATE", dA, dB, true);
  }
  const ca = coordinates(r, a), cb = coordinates(r, b);
  if (ca && cb) {
    const d = haversineMeters(ca[0], ca[1], cb[0], cb[1]) / 1000;
    const where = (c: [number, number]) => `${c[0]}, ${c[1]}`;
    if (d > FAR_KM) note(false, "DECLATITUDE+DECLONGITUDE", where(ca), `${where(cb)} (${Math.round(d)} km apart)`);
    else if (d <= CLOSE_KM) note(true, "DECLATITUDE+DECLONGITUDE", where(ca), `${where(cb)} (${d.toFixed(1)} km apart)`, true);
  }
  const [csA, csB] = both("COLLSITE");
  if (compactKey(csA).length >= 4 && compactKey(csA) === compactKey(csB)) note(true, "COLLSITE", csA, csB, true);
  const [anA, anB] = both("ANCEST");
  if (compactKey(anA).length >= 3 && compactKey(anA) === compactKey(anB)) note(true, "ANCEST", anA, anB, true);
  return out;
}

/**
 * Whether a pair whose names and numbers score `score` joins sets: "deterministic" with deterministic evidence;
 * "probable" when the score reaches `linkScore`, the passport shows no conflict, and the link has two independent
 * supports (a pointer at the other's accession number, or two of name, number, sample-level agreement); else "weak".
 * The passport's agreements and conflicts are added to the pair's evidence (weight 0: they do not change the score).
 */
export function corroborate(
  r: Records,
  p: Pair,
  score: number,
  o: { linkScore: number; nameFields: readonly string[] },
): "deterministic" | "probable" | "weak" {
  if (p.evidence.some((e) => isDeterministic(e.kind))) return "deterministic";
  if (score < o.linkScore - 1e-9) return "weak";
  const review = reviewPair(r, p.a, p.b);
  p.evidence.push(...review.conflicts, ...review.agreements);
  if (review.conflicts.length) return "weak";
  // a distinctive name (probable.ts: rare in its block, of one species, in two genebanks, origins agreeing) is
  // the case PGRdup was made for: on its own, without conflict, a probable link
  if (p.evidence.some((e) => e.kind === "distinctive")) return "probable";
  const s = supportOf(p, o.nameFields);
  if (s.pointer) return "probable";
  return Number(s.name) + Number(s.number) + Number(review.sampleLevel) >= 2 ? "probable" : "weak";
}
