/**
 * probableDuplicates() on hand-written cases read from the MCPD v2.1 standard (DONORCODE + DONORNUMB name the
 * donor's accession, INSTCODE + ACCENUMB; OTHERNUMB holds `INSTCODE:number` items separated by `;`), around two
 * genuine Genesys rows: CIAT's G4680 and G3901 (COL003), from /work/shared/genesys-fixtures/accessions-sample.ciat.csv
 * (the columns the finder reads, as Genesys has them).
 */
import pl from "nodejs-polars";
import { describe, expect, it } from "vitest";
import { GenesysInputError, LANDRACE_STOP_WORDS, probableDuplicates, safetyDuplication } from "../src/index.ts";
import { cleanText, otherNumbers } from "../src/duplicates/index.ts";

const COLS = [
  "DUPLSITE",
  "INSTCODE",
  "ACCENUMB",
  "DOI",
  "GENUS",
  "ACCENAME",
  "ORIGCTY",
  "COLLNUMB",
  "COLLCODE",
  "COLLDATE",
  "DONORCODE",
  "DONORNUMB",
  "OTHERNUMB",
  "SPECIES",
  "SAMPSTAT",
  "COLLSITE",
  "DECLATITUDE",
  "DECLONGITUDE",
];
type Row = Partial<Record<string, string | null>>;
/** Genuine CIAT rows (COL003), the finder's columns. */
const G4680: Row = {
  INSTCODE: "COL003",
  ACCENUMB: "G4680",
  DOI: "10.18730/JPV7P",
  GENUS: "Phaseolus",
  ACCENAME: "VARERO",
  ORIGCTY: "COL",
  COLLDATE: "19790601",
  DONORCODE: "COL029",
  DONORNUMB: "NARI?O 15",
};
const G3901: Row = {
  INSTCODE: "COL003",
  ACCENUMB: "G3901",
  DOI: "10.18730/JV8M~",
  GENUS: "Phaseolus",
  ACCENAME: "ROJO Y CARIACO",
  ORIGCTY: "COL",
  COLLDATE: "19720601",
  DONORCODE: "CRI001",
  DONORNUMB: "GUAJIRA 1",
};
const frame = (rows: Row[]) => pl.DataFrame(Object.fromEntries(COLS.map((c) => [c, pl.Series(c, rows.map((r) => r[c] ?? null), pl.Utf8)])));
const pairsOf = (rows: Row[], opts = {}) => {
  const res = probableDuplicates(frame(rows), { weakPairs: true, ...opts });
  return { res, pairs: res.pairs.toRecords() as Record<string, unknown>[], sets: res.sets.toRecords() as Record<string, unknown>[] };
};

describe("keywords as PGRdup's DataClean() makes them", () => {
  it("reproduces the vignette's Table 2 (PGRdup Introduction.Rmd), and removes accents", () => {
    const table: [string, string][] = [
      ["S7-12-6", "S7126"],
      ["ICG-3505", "ICG3505"],
      ["U 4-47-18;EC 21127", "U44718 EC21127"],
      ["AH 6481", "AH6481"],
      ["RS   1", "RS1"],
      ["AK 12-24", "AK1224"],
      ["2-5 (NRCG-4053)", "25 NRCG4053"],
      ["T78, Mwitunde", "T78 MWITUNDE"],
      ["ICG 3410", "ICG3410"],
      ["#648-4 (Gwalior)", "6484 GWALIOR"],
      ["TG4;U/4/47/13", "TG4 U44713"],
      ["EC0021003", "EC21003"],
    ];
    for (const [raw, clean] of table) expect(cleanText(raw)).toBe(clean);
    expect(cleanText("Nariño")).toBe("NARINO");
    // letters that Unicode does not decompose into a base letter and a mark
    expect(cleanText("Łódź Øster Đakovo Straße Æbelø")).toBe("LODZ OSTER DAKOVO STRASSE AEBELO");
  });
  it("reads OTHERNUMB items as MCPD writes them", () => {
    expect(otherNumbers("COL003:G4680;PI 123456; CIAT G 12")).toEqual([
      { instCode: "COL003", number: "G4680" },
      { instCode: null, number: "PI 123456" },
      { instCode: null, number: "CIAT G 12" },
    ]);
  });
});

describe("deterministic links", () => {
  it("DONORCODE + DONORNUMB of one record = INSTCODE + ACCENUMB of another (spacing, case and padding aside)", () => {
    const usa: Row = { INSTCODE: "USA022", ACCENUMB: "PI 531234", GENUS: "Phaseolus", DONORCODE: "COL003", DONORNUMB: "g 04680" };
    const { pairs, sets } = pairsOf([G4680, G3901, usa]);
    expect(pairs).toHaveLength(1);
    expect(pairs[0]).toMatchObject({ strength: "deterministic", score: 1, ACCENUMB_a: "G4680", ACCENUMB_b: "PI 531234" });
    // the donor's number is also the same identifier: both pieces of evidence are listed, the deterministic one first
    expect(pairs[0]!.kinds).toBe("donor,identifier");
    expect(pairs[0]!.evidence).toMatch(/^donor: INSTCODE\+ACCENUMB "COL003 G4680" ~ DONORCODE\+DONORNUMB "COL003 g 04680"/);
    expect(sets.map((s) => s.ACCENUMB)).toEqual(["G4680", "PI 531234"]);
    expect(sets.every((s) => s.holds_by === "deterministic" && s.joined_by === "deterministic")).toBe(true);
  });
  it("the summary counts are whole numbers (the summary frame showed them as f64 in notebook 07)", () => {
    const usa: Row = { INSTCODE: "USA022", ACCENUMB: "PI 531234", GENUS: "Phaseolus", DONORCODE: "COL003", DONORNUMB: "G4680" };
    const { summary } = probableDuplicates(frame([G4680, G3901, usa]));
    expect(summary.getColumn("count").dtype.equals(pl.Int64)).toBe(true);
    expect(summary.filter(pl.col("measure").eq(pl.lit("deterministic pairs"))).getColumn("count").toArray()).toEqual([1]);
  });
  it("OTHERNUMB items INSTCODE:number point at another record; a bare number is only probable", () => {
    const a: Row = { INSTCODE: "BEL084", ACCENUMB: "NI 12", GENUS: "Phaseolus", OTHERNUMB: "COL003:G3901;PI 999999" };
    const { pairs } = pairsOf([G4680, G3901, a]);
    expect(pairs.map((p) => [p.ACCENUMB_a, p.ACCENUMB_b, p.kinds])).toEqual([["G3901", "NI 12", "othernumb,identifier"]]);
  });
  it("the same DOI, written as a URL or not", () => {
    const copy: Row = { INSTCODE: "MEX002", ACCENUMB: "X1", DOI: "https://doi.org/10.18730/jpv7p", GENUS: "Phaseolus" };
    const { pairs } = pairsOf([G4680, copy]);
    expect(pairs[0]).toMatchObject({ kinds: "doi", strength: "deterministic" });
  });
  it("the same collector and collecting number: the same day when both have a date", () => {
    const c = (acc: string, date: string | null): Row => ({
      INSTCODE: acc.slice(0, 6),
      ACCENUMB: acc,
      GENUS: "Zea",
      COLLCODE: "MEX008",
      COLLNUMB: "JG 1234",
      COLLDATE: date,
    });
    expect(pairsOf([c("MEX002A", "19900101"), c("USA020B", "19900101")]).pairs[0]).toMatchObject({ kinds: "collecting,identifier" });
    expect(pairsOf([c("MEX002A", "19900101"), c("USA020B", null)]).pairs[0]).toMatchObject({ kinds: "collecting,identifier" });
    // another day: another sample; the same number of the same collector is then a conflicting link, for review only
    const other = pairsOf([c("MEX002A", "19900101"), c("USA020B", "19910101")]).pairs;
    expect(other.map((p) => [p.kinds, p.strength])).toEqual([["identifier,conflict", "weak"]]);
  });
  it("two records citing the same donor accession the frame does not hold are copies of it", () => {
    const a: Row = { INSTCODE: "USA022", ACCENUMB: "PI 1", GENUS: "Phaseolus", DONORCODE: "PER001", DONORNUMB: "B-77" };
    const b: Row = { INSTCODE: "DEU146", ACCENUMB: "PHA 9", GENUS: "Phaseolus", OTHERNUMB: "PER001:B77" };
    expect(pairsOf([a, b]).pairs[0]).toMatchObject({ kinds: "same-source,identifier", strength: "deterministic" });
  });
});

describe("probable links and sets", () => {
  it("a number in free text (OTHERNUMB 'CIAT G 4680') links to the accession, as a probable link", () => {
    const a: Row = { INSTCODE: "ETH085", ACCENUMB: "ET 5", GENUS: "Phaseolus", OTHERNUMB: "CIAT G 4680", ORIGCTY: "COL" };
    const { pairs, sets } = pairsOf([G4680, a]);
    expect(pairs[0]).toMatchObject({ strength: "probable", kinds: "identifier,passport" });
    expect(pairs[0]!.evidence).toContain(`passport: ORIGCTY "COL" = ORIGCTY "COL"`);
    expect(sets.map((s) => s.holds_by)).toEqual(["probable", "probable"]);
  });
  it("numbers qualified by different institutes do not match: two genebanks' accession 1234", () => {
    const a: Row = { INSTCODE: "DEU146", ACCENUMB: "1234", GENUS: "Phaseolus" };
    const b: Row = { INSTCODE: "ESP004", ACCENUMB: "1234", GENUS: "Phaseolus" };
    expect(pairsOf([a, b]).pairs).toEqual([]);
  });
  it("numbers one digit apart never match", () => {
    const a: Row = { INSTCODE: "USA022", ACCENUMB: "PI 123456", GENUS: "Phaseolus", ACCENAME: "Kanyatira 12" };
    const b: Row = { INSTCODE: "ETH085", ACCENUMB: "E1", GENUS: "Phaseolus", OTHERNUMB: "PI 123457", ACCENAME: "Kanyatira 13" };
    expect(pairsOf([a, b]).pairs.filter((p) => p.strength !== "weak")).toEqual([]);
  });
  it("a name written with other spacing, hyphens, case and accents is the same name", () => {
    const a: Row = { INSTCODE: "USA022", ACCENUMB: "PI 1", GENUS: "Phaseolus", ACCENAME: "Kanya Tira" };
    const b: Row = { INSTCODE: "ETH085", ACCENUMB: "E1", GENUS: "Phaseolus", ACCENAME: "KAÑYA-TIRA" };
    expect(pairsOf([a, b]).pairs[0]).toMatchObject({ kinds: "name", score: 0.7 });
  });
  // the genuine row's own collecting data (CIAT G4680; its longitude 76.98 is as Genesys has it) beside a copy's
  const VARERO: Row = { ...G4680, SPECIES: "vulgaris", SAMPSTAT: "300", COLLSITE: "LA CRUZ, FINCA LA QUINTA - LA CRUZ - NARIÑO" };
  const copyOf = (extra: Row): Row => ({ INSTCODE: "USA022", ACCENUMB: "PI 9", GENUS: "Phaseolus", ACCENAME: "Varero", ...extra });
  it("a distinctive name in two genebanks, of one species and one origin, is a probable link on its own (issue 44)", () => {
    const { pairs, sets } = pairsOf([VARERO, copyOf({ SPECIES: "vulgaris", ORIGCTY: "COL", SAMPSTAT: "300" })]);
    expect(pairs[0]).toMatchObject({ strength: "probable", kinds: "keyword,name,distinctive,passport", score: 0.9 });
    expect(String(pairs[0]!.evidence)).toMatch(/^distinctive: ACCENAME "VARERO" = ACCENAME "VARERO"/);
    expect(sets).toHaveLength(2);
    // one origin unknown: a lower weight, still a link
    expect(pairsOf([VARERO, copyOf({ SPECIES: "vulgaris", SAMPSTAT: "300" })]).pairs[0]).toMatchObject({
      strength: "probable",
      score: 0.85,
    });
    // word order aside, and one typo in a long name
    const named = (inst: string, name: string): Row => ({
      INSTCODE: inst,
      ACCENUMB: `${inst}-1`,
      GENUS: "Vigna",
      SPECIES: "unguiculata",
      ORIGCTY: "NGA",
      ACCENAME: name,
    });
    expect(pairsOf([named("NGA039", "Kutu Jujaya"), named("KEN212", "JUJAYA KUTU")]).pairs[0]).toMatchObject({ strength: "probable" });
    expect(pairsOf([named("NGA039", "Rushumbu"), named("KEN212", "Rusumbu")]).pairs[0]).toMatchObject({
      strength: "probable",
      score: 0.85,
    });
  });
  it("what a distinctive name leaves: one genebank, both origins unknown, two species, another status or site, a common name", () => {
    const base: Row = { ...VARERO, SPECIES: "vulgaris", SAMPSTAT: "300", COLLSITE: null };
    const weak = (other: Row, first: Row = base) => expect(pairsOf([first, other]).sets, JSON.stringify(other)).toEqual([]);
    weak(copyOf({ INSTCODE: "COL003", SPECIES: "vulgaris", ORIGCTY: "COL" }));
    weak(copyOf({ SPECIES: "vulgaris" }), { ...base, ORIGCTY: null });
    weak(copyOf({ SPECIES: "lunatus", ORIGCTY: "COL" }));
    weak(copyOf({ SPECIES: "vulgaris", ORIGCTY: "COL", SAMPSTAT: "999" }));
    weak(copyOf({ SPECIES: "vulgaris", ORIGCTY: "COL", COLLSITE: "Pasto" }), { ...base, COLLSITE: "La Cruz" });
    // held by more than rareNameRecords (5) records of the genus: a landrace type
    const many = Array.from({ length: 6 }, (_, i) => copyOf({ INSTCODE: `USA0${10 + i}`, SPECIES: "vulgaris", ORIGCTY: "COL" }));
    expect(pairsOf([base, ...many]).sets).toEqual([]);
  });
  it("a name and one sample-level agreement (the same COLLSITE, coordinates within 10 km, the same day) is a probable link", () => {
    const site = { SPECIES: "vulgaris", ORIGCTY: "COL", COLLSITE: "La Cruz, finca La Quinta - La Cruz - Nariño" };
    expect(pairsOf([VARERO, copyOf(site)]).pairs[0]).toMatchObject({ strength: "probable" });
    const near = { ...VARERO, DECLATITUDE: "1.6", DECLONGITUDE: "-76.98" };
    expect(pairsOf([near, copyOf({ DECLATITUDE: "1.62", DECLONGITUDE: "-76.95" })]).pairs[0]).toMatchObject({ strength: "probable" });
    expect(pairsOf([VARERO, copyOf({ COLLDATE: "19790601" })]).pairs[0]).toMatchObject({ strength: "probable" });
    // a month is not a day: many samples of one mission share it
    expect(pairsOf([VARERO, copyOf({ COLLDATE: "197906--" })]).pairs[0]).toMatchObject({ strength: "weak" });
  });
  it("a bred name is a denomination: within one species, the same name of two bred accessions is a probable link", () => {
    const line = (inst: string, name: string, sampstat: string): Row => ({
      INSTCODE: inst,
      ACCENUMB: `${inst} 1`,
      GENUS: "Phaseolus",
      SPECIES: "vulgaris",
      ACCENAME: name,
      SAMPSTAT: sampstat,
    });
    expect(pairsOf([line("COL003", "BAT 477", "410"), line("USA022", "BAT-477", "500")]).pairs[0]).toMatchObject({ strength: "probable" });
    // a landrace's name is a vernacular name: the same species says nothing more
    expect(pairsOf([line("COL003", "Varero", "300"), line("USA022", "VARERO", "300")]).pairs[0]).toMatchObject({ strength: "weak" });
  });
  it("a conflict in the passport keeps a name link weak: another species, country, kind of material, day, or a site 50 km away", () => {
    const site = { COLLSITE: VARERO.COLLSITE };
    for (
      const conflict of [
        { SPECIES: "lunatus" },
        { ORIGCTY: "PER" },
        { SAMPSTAT: "100" },
        { COLLDATE: "19800601" },
      ]
    ) {
      const p = pairsOf([VARERO, copyOf({ ...site, ...conflict })]).pairs[0]!;
      expect(p, JSON.stringify(conflict)).toMatchObject({ strength: "weak" });
      // another country of origin already halves the score below linkScore; the others are named as conflicts
      if (!("ORIGCTY" in conflict)) expect(String(p.evidence)).toContain(`conflict: ${Object.keys(conflict)[0]}`);
    }
    const near = { ...VARERO, DECLATITUDE: "1.6", DECLONGITUDE: "-76.98" };
    const far = pairsOf([near, copyOf({ ...site, DECLATITUDE: "2.6", DECLONGITUDE: "-76.98" })]).pairs[0]!;
    expect(far).toMatchObject({ strength: "weak" });
    expect(String(far.evidence)).toContain("111 km apart");
  });
  it("a name more than rareNameRecords (5) records of the genus hold names a landrace type, not one sample: a keyword", () => {
    const site = { SPECIES: "glaucum", ORIGCTY: "IND", COLLSITE: "12 km N of Jodhpur, Rajasthan" };
    const rows = [0, 1, 2, 3, 4, 5].map((i): Row => ({
      INSTCODE: `IND00${i}`,
      ACCENUMB: `IP ${i}`,
      GENUS: "Pennisetum",
      ACCENAME: "Chadi",
      ...site,
    }));
    expect(pairsOf(rows).pairs.map((p) => [p.score, p.strength])).toEqual(Array(15).fill([0.5, "weak"]));
    expect(pairsOf(rows.slice(0, 5)).pairs.map((p) => p.strength)).toEqual(Array(10).fill("probable"));
    expect(pairsOf(rows, { rareNameRecords: 6 }).pairs.every((p) => p.strength === "probable")).toBe(true);
  });
  it("the same donor number in two records, without a donor code, is a shared number, not a link: it needs a name or the site too", () => {
    const a: Row = { INSTCODE: "ETH085", ACCENUMB: "23", GENUS: "Hordeum", DONORNUMB: "ETH 24", ORIGCTY: "ETH" };
    const b: Row = { INSTCODE: "DEU146", ACCENUMB: "HOR 1423", GENUS: "Hordeum", DONORNUMB: "ETH24", ORIGCTY: "ETH" };
    expect(pairsOf([a, b]).pairs[0]).toMatchObject({ strength: "weak", kinds: "identifier,passport", score: 0.8 });
    const named = pairsOf([{ ...a, ACCENAME: "Gojam Tikur" }, { ...b, ACCENAME: "GOJAM-TIKUR" }]).pairs[0];
    expect(named).toMatchObject({ strength: "probable" });
  });
  it("common landrace names prove nothing: no pair (the stop-list is documented and can be replaced)", () => {
    const rows = ["Criollo", "criollo", "Local", "LANDRACE"].map((n, i): Row => ({
      INSTCODE: `X${i}`,
      ACCENUMB: `${i}`,
      GENUS: "Zea",
      ACCENAME: n,
    }));
    expect(pairsOf(rows).pairs).toEqual([]);
    expect(LANDRACE_STOP_WORDS).toContain("CRIOLLO");
    expect(pairsOf(rows, { stopWords: [] }).pairs.length).toBeGreaterThan(0);
  });
  it("one word of a name in non-ASCII letters is a name keyword, not an identifier: 'Łódź de X' for many X makes no set", () => {
    const places = ["Cusco", "Cobán", "Córdoba", "Ibagué", "Tarija", "Perugia"];
    const rows = places.map((p, i): Row => ({ INSTCODE: `INST0${i}`, ACCENUMB: `A${i}`, GENUS: "Phaseolus", ACCENAME: `Łódź de ${p}` }));
    const { pairs, sets } = pairsOf(rows);
    expect(pairs.filter((p) => String(p.kinds).includes("identifier"))).toEqual([]);
    expect(sets).toEqual([]);
  });
  it("a set never grows by chaining weak links: fuzzy names alone make review pairs, not sets", () => {
    const names = ["Mwitunde", "Mwitunda", "Mwitanda"];
    const rows = names.map((n, i): Row => ({ INSTCODE: `INST0${i}`, ACCENUMB: `A${i}`, GENUS: "Arachis", ACCENAME: n }));
    const { pairs, sets } = pairsOf(rows);
    expect(pairs.length).toBeGreaterThan(0);
    expect(pairs.every((p) => p.strength === "weak" && p.set_id === 0)).toBe(true);
    expect(sets).toEqual([]);
  });
  it("a typo in the name plus the same number is a probable link; different countries of origin halve the score", () => {
    const a: Row = { INSTCODE: "USA022", ACCENUMB: "PI 1", GENUS: "Arachis", ACCENAME: "Mwitunde", COLLNUMB: "AK 12-24", ORIGCTY: "TZA" };
    const b: Row = { INSTCODE: "IND002", ACCENUMB: "ICG 7", GENUS: "Arachis", ACCENAME: "Mwitundi", COLLNUMB: "AK1224", ORIGCTY: "TZA" };
    expect(pairsOf([a, b]).pairs[0]).toMatchObject({ strength: "probable" });
    expect(pairsOf([a, { ...b, ORIGCTY: "IND" }]).pairs[0]).toMatchObject({ strength: "weak", score: 0.45 });
  });
  it("blocks: the same name in two genera is not compared", () => {
    const a: Row = { INSTCODE: "A", ACCENUMB: "1", GENUS: "Zea", ACCENAME: "Kanyatira" };
    const b: Row = { INSTCODE: "B", ACCENUMB: "1", GENUS: "Sorghum", ACCENAME: "Kanyatira" };
    expect(pairsOf([a, b]).pairs).toEqual([]);
    expect(pairsOf([a, b], { blockBy: null }).pairs).toHaveLength(1);
  });
});

describe("options", () => {
  it("an unknown or wrong option is a GenesysInputError naming it, through the kernel's one parser", () => {
    expect(() => probableDuplicates(frame([G4680]), { maxDistnce: 2 } as never)).toThrow(GenesysInputError);
    expect(() => probableDuplicates(frame([G4680]), { maxDistnce: 2 } as never)).toThrow(
      /^probableDuplicates\(\): unknown option 'maxDistnce' \(did you mean 'maxDistance'\?\)\nHint: accepted options: blockBy,/,
    );
    expect(() => probableDuplicates(frame([G4680]), { linkScore: 2 })).toThrow(/^probableDuplicates\(\): option 'linkScore' is 2/);
    expect(() => probableDuplicates(frame([G4680]), { blockBy: "CROP" })).toThrow(/no column "CROP"[^]*pass blockBy: null for one block/);
    expect(() => probableDuplicates([G4680] as never)).toThrow(/^probableDuplicates\(\): expects a polars DataFrame of passports/);
  });

  it("safetyDuplication(): a frame without INSTCODE is an error saying what to select", () => {
    expect(() => safetyDuplication(pl.DataFrame({ INSTCOD: ["COL003"] }))).toThrow(
      /^safetyDuplication\(\): the frame has no column "INSTCODE"\nHint: did you mean 'INSTCOD' for 'INSTCODE'\? select INSTCODE/,
    );
  });
});

describe("safetyDuplication", () => {
  it("DUPLSITE given, naming the holder itself, or not an institute code; material held elsewhere", () => {
    const rows: Row[] = [
      { ...G4680, DUPLSITE: "MEX002;NOR051" },
      { ...G3901, DUPLSITE: "COL003;Svalbard" },
      { INSTCODE: "USA022", ACCENUMB: "PI 1", GENUS: "Phaseolus", DONORCODE: "COL003", DONORNUMB: "G4680" },
    ];
    const df = frame(rows);
    const out = safetyDuplication(df, probableDuplicates(df)).toRecords();
    expect(out).toEqual([
      {
        INSTCODE: "COL003",
        accessions: 2,
        with_duplsite: 2,
        duplsite_self: 1,
        duplsite_not_instcode: 1,
        with_duplicate_elsewhere: 1,
        duplicate_elsewhere_without_duplsite: 0,
      },
      {
        INSTCODE: "USA022",
        accessions: 1,
        with_duplsite: 0,
        duplsite_self: 0,
        duplsite_not_instcode: 0,
        with_duplicate_elsewhere: 1,
        duplicate_elsewhere_without_duplsite: 1,
      },
    ]);
  });
});

describe("sharedMaterialMatrix", () => {
  it("one cell per ordered pair of institutes that share a set, with its count", async () => {
    const { sharedMaterialMatrix } = await import("../src/plot/index.ts");
    const usa: Row = { INSTCODE: "USA022", ACCENUMB: "PI 1", GENUS: "Phaseolus", DONORCODE: "COL003", DONORNUMB: "G4680" };
    const bel: Row = { INSTCODE: "BEL084", ACCENUMB: "NI 12", GENUS: "Phaseolus", OTHERNUMB: "COL003:G4680" };
    const fig = sharedMaterialMatrix(probableDuplicates(frame([G4680, G3901, usa, bel])).sets);
    expect(fig.count("rect")).toBeGreaterThanOrEqual(6);
    expect(fig.svg).toContain("1 of 1 sets span two or more institutes");
  });
});
