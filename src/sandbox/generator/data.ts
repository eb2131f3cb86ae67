/**
 * The generator's reference data are data files, not code: `data/*.json` beside this module (in src/ and in the
 * package's dist/), each with its source, licence and the SHA-256 of its content (test/sandbox-data.test.ts checks it;
 * `node scripts/sandbox-data.mjs` writes it). Each file is read once, on first use, and checked against its zod schema
 * here; a missing or malformed file is an error naming it. Adding a crop is a change to these files only: its taxa
 * (crops.json), a genebank holding it (institutes.json), its traits (traits.json) and names (names.json).
 */
import { readDataFile } from "../../kernel/data-file.ts";
import { z } from "zod";

const Code3 = z.string().regex(/^[A-Z]{3}$/);
const Weights = <T extends z.ZodType>(value: T) => z.array(z.tuple([value, z.number().int().positive()])).min(1);

/** What every data file says of itself. */
const Header = {
  about: z.string().min(1),
  source: z.array(z.string().min(1)).min(1),
  licence: z.string().min(1),
  /** SHA-256 of the file's content without this field (scripts/sandbox-data.mjs). */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
};

/** Where a taxon's wild or landrace material is collected: an elevation band and, per country, first-level divisions. */
export const Habitat = z.object({
  /** Metres: sites are drawn where the nearest place's elevation is within the band. */
  elevation: z.tuple([z.number(), z.number()]),
  /** The band in a country where it differs (Chiloé's lowland potatoes beside the Andes' highland ones). */
  elevationIn: z.record(Code3, z.tuple([z.number(), z.number()])).optional(),
  /** GeoNames admin1 names per country (sites.json); a country not listed: anywhere in the band. */
  admin1: z.record(Code3, z.array(z.string().min(1)).min(1)).optional(),
  /** Relative shares of a country's divisions (where the crop is grown most); a division not listed: 1. */
  admin1Weights: z.record(Code3, z.record(z.string().min(1), z.number().int().positive())).optional(),
  /**
   * A rainfed crop's floor: sites where the sandbox's own climate (src/climate/synthetic.ts) gives less annual
   * precipitation (bio12, mm) are not drawn, but in the countries `except` names (irrigated there).
   */
  minBio12: z.object({ mm: z.number().positive(), except: z.array(Code3).optional(), source: z.string().min(1) }).strict().optional(),
  source: z.string().min(1),
}).strict();
export type Habitat = z.infer<typeof Habitat>;

/** Relative weights of a range's countries in the draw (a country not listed: 1), with the source of their order. */
export const CountryWeights = z.object({
  weights: z.record(Code3, z.number().int().positive()),
  source: z.string().min(1),
}).strict();
export type CountryWeights = z.infer<typeof CountryWeights>;

export const Taxon = z.object({
  genus: z.string().min(1),
  species: z.string().min(1),
  spAuthor: z.string().min(1),
  subtaxa: z.string().optional(),
  subtAuthor: z.string().optional(),
  /** Synthetic GRIN taxon id (docs/sandbox.md). */
  grinId: z.number().int().positive(),
  /** Relative share of the crop's accessions of this status (wild or cultivated) that are of this taxon. */
  share: z.number().positive(),
  /** False for a taxon known only wild (teosintes, Aegilops tauschii, wild rice, crop wild relatives). */
  cultivated: z.boolean(),
  /**
   * Native countries of the taxon's wild form (those of the sandbox's countries in the published range); absent when
   * the taxon has no wild form (bread wheat, faba bean, groundnut, potato: their wild relatives are other taxa).
   */
  wild: z.array(Code3).optional(),
  /** Where landraces of the taxon are grown traditionally, when narrower than the crop's `origins`. */
  grown: z.array(Code3).optional(),
  /** Where its wild and weedy material (SAMPSTAT 100-299) grows. */
  wildHabitat: Habitat.optional(),
  /** Where its landraces (SAMPSTAT 300-399) are grown. */
  landraceHabitat: Habitat.optional(),
  /**
   * COLLSRC of its wild material (SAMPSTAT 100-199), weighted, where its ecology narrows codes.json's (a puna rosette is
   * not from a forest, wild rice is from wetlands), with the source of the habitats.
   */
  wildCollsrc: z.object({ codes: Weights(z.number().int()), source: z.string().min(1) }).strict().optional(),
  /** Weights of its native countries in the draw of wild material (else all alike). */
  wildWeights: CountryWeights.optional(),
  /** Weights of the countries its landraces come from (else all alike). */
  grownWeights: CountryWeights.optional(),
  /** SAMPSTAT codes that are no category of this taxon's material beyond its crop's (no hybrids of durum or einkorn). */
  sampstatNotUsed: z.array(z.number().int()).optional(),
  /** Share of the bred draws (SAMPSTAT 400-599) of a genebank's mix that are landraces (300) of a taxon with few cultivars (einkorn). */
  bredAsLandrace: z.object({ share: z.number().min(0).max(1), source: z.string().min(1) }).strict().optional(),
  /** Where its bred material is bred, where narrower than its crop's (`bredIn` of the crop, else where it is grown). */
  bredIn: z.object({ countries: z.array(Code3).min(1), source: z.string().min(1) }).strict().optional(),
}).strict();
export type Taxon = z.infer<typeof Taxon>;

export const Crop = z.object({
  /** Genesys crop code. */
  code: z.string().regex(/^[a-z]+$/),
  name: z.string().min(1),
  /** Clonally kept (in vitro, field, cryo) rather than as seed: STORAGE and DUPLSITE follow. */
  clonal: z.boolean().optional(),
  /** Countries where the crop is grown traditionally: landraces come from there (or from a taxon's `grown`). */
  origins: z.array(Code3).min(1),
  /** SAMPSTAT codes that are no category of the crop's material (inbred lines of a clone, hybrids of a selfing legume). */
  sampstatNotUsed: z.array(z.number().int()).optional(),
  /** Listed in Annex I of the International Treaty (ITPGRFA), so its accessions can be in the MLS; false for groundnut. */
  annexI: z.boolean().optional(),
  taxa: z.array(Taxon).min(1),
  /** Where its bred material (SAMPSTAT 400-599) is bred when not where it is grown (bananas: FHIA, IITA, Embrapa, NARO). */
  bredIn: z.object({ countries: z.array(Code3).min(1), source: z.string().min(1) }).strict().optional(),
  /** How the crop's material is divided into taxa, with sources (bananas by genome group). */
  taxaNote: z.string().min(1).optional(),
}).strict();
export type Crop = z.infer<typeof Crop>;

export const Country = z.object({
  code3: Code3,
  codeNum: z.number().int().positive(),
  name: z.string().min(1),
  /** Box of the country's farming regions (degrees): its collecting sites (sites.json) lie inside. */
  lat: z.tuple([z.number(), z.number()]),
  lon: z.tuple([z.number(), z.number()]),
  towns: z.array(z.string().min(1)).min(1),
  /**
   * The year by which the country's farmers had given up their landraces for bred cultivars: its landraces were
   * collected before (COLLDATE in the 30 years up to it), whenever a genebank acquired them.
   */
  landracesUntil: z.object({ year: z.number().int().min(1850).max(2000), source: z.string().min(1) }).strict().optional(),
}).strict();
export type Country = z.infer<typeof Country>;

export const Institute = z.object({
  code: z.string().regex(/^[A-Z]{3}\d{3}$/),
  id: z.number().int().positive(),
  name: z.string().min(1),
  acronym: z.string().min(1),
  country: Code3,
  /** Crop codes, the largest collection first. */
  crops: z.array(z.string()).min(1),
  /**
   * ACCENUMB prefix per taxon ('Genus species') or crop (`default` else); `{ORIGCTY}` in it is the country of origin (CIAT's
   * cassava: MCOL 1505).
   */
  numberPrefix: z.object({ default: z.string() }).catchall(z.string()),
  /** Digits of the number after the prefix, zero-padded (CRF: NC000123); absent: as many as it has. */
  numberDigits: z.number().int().positive().optional(),
  /** Where the numbering follows the genebank's own. */
  numberNote: z.string().min(1).optional(),
  url: z.string().url(),
  /** Year the genebank (or the crop's collection, `foundedCrop`) began: no ACQDATE before it. */
  founded: z.number().int(),
  foundedCrop: z.record(z.string(), z.number().int()).optional(),
  /**
   * Share of a crop's landraces from the genebank's own country, when the crop is grown there (else 0.35), where the
   * collection is international by mandate (CIAT's beans: its missions went to Mexico and Peru first).
   */
  /** False for a genebank that breeds nothing (ITC, a germplasm transit centre): none of its bred material is from its country. */
  ownImproved: z.boolean().optional(),
  ownLandraces: z.object({ shares: z.record(z.string(), z.number().min(0).max(1)), source: z.string().min(1) }).strict().optional(),
  /**
   * Weights of the countries its landraces come from, where its collection is not even over a crop's `grown` list (EBI:
   * Ethiopia; AfricaRice: Africa); only countries where the taxon is grown count, a taxon grown in none keeps its own draw.
   */
  landraceOrigins: CountryWeights.optional(),
  /** The same for one crop, where it differs from the genebank's other crops (CIAT's cassava beside its beans). */
  landraceOriginsCrop: z.record(z.string(), CountryWeights).optional(),
  /**
   * A crop's taxa ('Genus species') in the genebank's own shares, where its collection differs from the crop's
   * (AfricaRice: 17 % O. glaberrima, African wild rice only); a taxon not listed keeps the crop's share, 0 leaves it out.
   */
  taxonShares: z.object({
    shares: z.record(z.string(), z.record(z.string(), z.number().min(0))),
    source: z.string().min(1),
  }).strict().optional(),
  /**
   * A genebank built from older collections (AGG, CRF): this share of its collected material was collected in any year
   * from `year` until its acquisition, the rest one to three years before it.
   */
  collectedFrom: z.object({ year: z.number().int(), share: z.number().min(0).max(1), source: z.string().min(1) }).strict().optional(),
  /** Share of wild and weedy accessions per crop where the genebank publishes one; else codes.json `defaultWildShare`. */
  wildShare: z.record(z.string(), z.number().min(0).max(1)).optional(),
  /** SAMPSTAT weights of its cultivated material where the genebank publishes them; else codes.json `sampstatCultivated`. */
  sampstat: Weights(z.number().int()).optional(),
  /** SAMPSTAT weights of one crop's cultivated material where they differ from the genebank's (CIMMYT's maize and wheat). */
  sampstatCrop: z.record(z.string(), Weights(z.number().int())).optional(),
  /** Where the SAMPSTAT weights come from. */
  sampstatSource: z.string().min(1).optional(),
  /** Share of its accessions of Annex I crops in the Treaty's Multilateral System (MLSSTAT). */
  mls: z.number().min(0).max(1),
  /** Safety-duplication sites (DUPLSITE) of seed accessions, and of clonal ones (in vitro back-ups). */
  duplSeed: z.array(z.string()).min(1),
  duplClonal: z.array(z.string()).min(1).optional(),
  /** Back-up sites of one crop's clonal accessions where they differ from `duplClonal` (CIP: potato at Embrapa, sweet potato at CIAT). */
  duplClonalCrop: z.record(z.string(), z.array(z.string()).min(1)).optional(),
  /** Where the clonal back-up sites come from. */
  duplClonalSource: z.string().min(1).optional(),
}).strict();
export type Institute = z.infer<typeof Institute>;

export const Donor = z.object({
  code: z.string().regex(/^[A-Z]{3}\d{3}$/),
  name: z.string().min(1),
  numberPrefix: z.string().min(1),
  /** The countries whose material it gives (collects, breeds). */
  countries: z.array(Code3),
  /** Gives wild material (SAMPSTAT 100-299) of any country (a seed bank of wild species). */
  wildAnywhere: z.boolean().optional(),
  /** The crops whose material it gives (its mandate); absent: every crop of its countries. */
  crops: z.array(z.string()).optional(),
  /** Year it began (under this name or its predecessor's, `foundedNote`): it collects, breeds or donates from then on. */
  founded: z.number().int(),
  foundedNote: z.string().min(1),
}).strict();
export type Donor = z.infer<typeof Donor>;

const CropsFile = z.object({ ...Header, crops: z.array(Crop).min(1) }).strict();
const CountriesFile = z.object({ ...Header, countries: z.array(Country).min(1) }).strict();
/** USDA Plant Inventory numbers by year: [year, the first number given that year], in order (institutes.json `piNumbers`). */
const PiNumbers = z.object({
  prefix: z.string().min(1),
  anchors: z.array(z.tuple([z.number().int(), z.number().int().positive()])).min(2),
  source: z.string().min(1),
}).strict();
export type PiNumbers = z.infer<typeof PiNumbers>;
const InstitutesFile = z.object({ ...Header, institutes: z.array(Institute).min(1), piNumbers: PiNumbers }).strict();
const DonorsFile = z.object({ ...Header, donors: z.array(Donor).min(1) }).strict();
const CodesFile = z.object({
  ...Header,
  defaultWildShare: z.number().min(0).max(1),
  sampstatWild: Weights(z.number().int()),
  sampstatCultivated: Weights(z.number().int()),
  collsrcBySampstat: z.array(z.object({ below: z.number().int(), codes: Weights(z.number().int()) }).strict()).min(1),
  storageSeed: Weights(z.string()),
  storageClonal: Weights(z.string()),
  curation: Weights(z.string()),
  /** REMARKS by what they fit: any record, material kept as seed, landraces collected on farms. */
  remarks: z.object({
    any: z.array(z.string().min(1)).min(1),
    seed: z.array(z.string().min(1)),
    landrace: z.array(z.string().min(1)),
  }).strict(),
}).strict();
const NamesFile = z.object({
  ...Header,
  /** Language area of each country's names; countries not listed get no landrace names. */
  nameArea: z.record(Code3, z.string()),
  /** The word that joins a name and a place in an area: "Bayo de Pasto", "Saragolla di Foggia". */
  placeWord: z.record(z.string(), z.string()),
  /** Landrace names per language area: `any` for every crop (descriptive words), else per crop code. */
  landraceNames: z.record(z.string(), z.record(z.string(), z.array(z.string().min(1)))),
  /** Prefixes of breeding programmes' line designations, per crop. */
  linePrefix: z.record(z.string(), z.string()),
  /** The countries a crop's `linePrefix` series is bred in (a programme's own); a crop not listed: any country. */
  lineCountries: z.record(z.string(), z.array(Code3).min(1)),
  /** Another programme's series of a crop in a country (IITA's PITA plantains in Nigeria). */
  linePrefixIn: z.record(z.string(), z.record(Code3, z.string().min(1))),
}).strict();

const Term = z.object({ code: z.string(), title: z.string(), description: z.string().optional() }).strict();
export type Term = z.infer<typeof Term>;
const Values = z.tuple([z.number(), z.number(), z.number().int().min(0), z.number(), z.number()]);
/** A descriptor as the data file writes it: `terms` may name a list of `termLists`. */
const DescriptorIn = z.object({
  columnName: z.string().min(1),
  title: z.string().min(1),
  dataType: z.enum(["NUMERIC", "SCALE", "CODED", "BOOLEAN", "TEXT", "DATE"]),
  category: z.enum(["CHARACTERIZATION", "EVALUATION", "ABIOTICSTRESS", "BIOTICSTRESS", "PHENOLOGY"]),
  uom: z.string().optional(),
  description: z.string().min(1),
  /** NUMERIC: mean, sd, decimals; SCALE: min..max. */
  mean: z.number().optional(),
  sd: z.number().optional(),
  decimals: z.number().int().optional(),
  minValue: z.number().optional(),
  maxValue: z.number().optional(),
  /** Weight of the shared per-accession latent factor (makes traits correlate). */
  corr: z.number().min(-1).max(1).optional(),
  /** Which latent factor: 0 growth and yield, 1 seed minerals (Fe and Zn correlate with each other, not with height). */
  factor: z.number().int().min(0).optional(),
  terms: z.union([z.string(), z.array(Term)]).optional(),
  texts: z.array(z.string()).optional(),
}).strict();
export type DescriptorIn = z.infer<typeof DescriptorIn>;
const ByTerm = z.object({ column: z.string(), means: z.array(z.number()).min(1), sds: z.array(z.number()).min(1) }).strict();
export const CropTraits = z.object({
  /** Days from sowing to 50 % flowering (heading, silking): [mean, sd, decimals, min, max]. */
  flowering: Values.optional(),
  floweringTitle: z.string().optional(),
  height: Values,
  heightTitle: z.string().optional(),
  /** Height follows the accession's term of a CODED descriptor of the crop (bean height by growth habit), in cm. */
  heightByTerm: ByTerm.optional(),
  seed: z.object({ title: z.string(), values: Values }).strict().optional(),
  yield: z.object({ title: z.string(), uom: z.string(), description: z.string(), values: Values }).strict(),
  quality: DescriptorIn,
  /** Crop-specific characterization descriptors: a name of `descriptors`, or the descriptor itself. */
  extra: z.array(z.union([z.string(), DescriptorIn])).optional(),
}).strict();
export type CropTraits = z.infer<typeof CropTraits>;
export const DatasetTemplate = z.object({
  kind: z.enum(["characterization", "evaluation", "screening"]),
  /** With `{acronym}` and `{crop}` (the crop's name in lower case). */
  title: z.string().min(1),
  /** Share of the genebank's own accessions of the crop in the dataset, percent. */
  coverage: z.number().int().min(1).max(100),
  /** How often, relative to its own, another genebank's accession of the crop is in it (traits.json `membershipNote`). */
  foreign: z.number().min(0).max(1),
  /** Trial environments: how many of the institute's stations, and the years. */
  sites: z.number().int().positive(),
  years: z.array(z.number().int()).min(1),
  /** Share of a member accession's environments it was grown in (at least one). */
  grown: z.number().min(0).max(1),
  /** Replicate plots per accession and environment. */
  reps: z.number().int().min(1).max(3),
  /** Share of missing observations, 0..1. */
  missing: z.number().min(0).max(1),
}).strict();
export type DatasetTemplate = z.infer<typeof DatasetTemplate>;
/**
 * The chance that an accession of a FIGS trial is resistant: `low` + (`high` − `low`) / (1 + exp((x − `midpoint`) /
 * `scale`)), x the synthetic climate variable `variable` at its collecting site (src/climate/synthetic.ts), so it rises
 * as x falls; without `variable`, `low` (= `high`) everywhere. Accessions without coordinates: `withoutCoordinates`.
 */
const Resistance = z.object({
  variable: z.string().regex(/^bio([1-9]|1[0-9])$/).optional(),
  low: z.number().min(0).max(1),
  high: z.number().min(0).max(1),
  midpoint: z.number().optional(),
  scale: z.number().positive().optional(),
  withoutCoordinates: z.number().min(0).max(1),
}).strict().refine((r) => (r.variable ? r.midpoint !== undefined && r.scale !== undefined : r.low === r.high), {
  message: "a linked resistance needs midpoint and scale; one without a variable has low = high",
});
export type Resistance = z.infer<typeof Resistance>;
/** A trial of one crop screening resistance classes (Focused Identification of Germplasm Strategy, FIGS). */
const FigsTrial = DatasetTemplate.omit({ kind: true }).extend({
  crop: z.string(),
  /** The WIEWS code of the genebank whose trial it is. */
  owner: z.string(),
  descriptors: z.array(DescriptorIn.extend({ resistance: Resistance })).min(1),
}).strict();
export type FigsTrial = z.infer<typeof FigsTrial>;
const TraitsFile = z.object({
  ...Header,
  termLists: z.record(z.string(), z.array(Term).min(1)),
  descriptors: z.record(z.string(), DescriptorIn),
  crops: z.record(z.string(), CropTraits),
  evaluationCommon: z.array(DescriptorIn),
  screening: z.record(z.string(), z.array(DescriptorIn).min(1)),
  screeningDefault: DescriptorIn,
  /** Experimental stations of the genebanks' host institutes, by the genebank's country. */
  trialSites: z.record(Code3, z.array(z.string().min(1)).min(1)),
  /** Why the stations are where they are, with sources. */
  trialSitesNote: z.string().min(1),
  /** Where a genebank's trials of one crop are grown when not at its country's stations (ITC's bananas in the tropics). */
  trialSitesByCrop: z.record(Code3, z.record(z.string(), z.array(z.string().min(1)).min(1))),
  /** Where a genebank's trials were grown before a year (ICARDA at Tel Hadya until 2012): for a trial all of whose years are before it. */
  trialSitesUntil: z.record(Code3, z.object({ until: z.number().int(), stations: z.array(z.string().min(1)).min(1) }).strict()),
  datasets: z.array(DatasetTemplate).min(1),
  /** Whose accessions a genebank's datasets hold, with sources. */
  membershipNote: z.string().min(1),
  /**
   * Traits of a taxon's wild and weedy material (SAMPSTAT 100-299), or of its cultivated material (300 and up, or no
   * SAMPSTAT) when `cultivated`, or of its landraces (300-399) or improved material (breeding material and cultivars,
   * 400-599) when `status` says so: per descriptor column, [mean, sd, min, max] in place of the crop's, or null where it
   * does not apply (not measured on that material); `terms`: a CODED column's one term (wild beans all climb); `origins`:
   * the values of material from those countries (Andean large-seeded lima beans).
   */
  /** How the `wild` entries' units relate (PLTHT in cm gives PH_M in m). */
  wildNote: z.string().min(1),
  wild: z.array(
    z.object({
      taxon: z.string().min(1),
      cultivated: z.boolean().optional(),
      status: z.enum(["landrace", "improved"]).optional(),
      /** Only material from these countries (ORIGCTY); the taxon's entry without `origins` holds for the rest. */
      origins: z.array(Code3).min(1).optional(),
      values: z.record(z.string(), z.tuple([z.number(), z.number().positive(), z.number(), z.number()]).nullable()),
      terms: z.record(z.string(), z.string().min(1)).optional(),
      source: z.string().min(1),
    }).strict(),
  ),
  /**
   * Weights of a CODED column's terms for a taxon's material of a status (and from some countries), where they differ
   * from the crop's even draw (bean growth habits by gene pool and region); a NUMERIC column that follows the terms
   * (`byTerm`) follows the drawn term.
   */
  termWeights: z.array(
    z.object({
      taxon: z.string().min(1),
      status: z.enum(["landrace", "improved"]),
      origins: z.array(Code3).min(1).optional(),
      column: z.string().min(1),
      weights: z.record(z.string(), z.number().int().positive()),
      source: z.string().min(1),
    }).strict(),
  ),
  /** FIGS trials: resistance classes, one linked to the synthetic climate at the collecting site. */
  figs: z.array(FigsTrial),
}).strict();

const PlantedKindsFile = z.object({
  ...Header,
  kinds: z.array(
    z.object({
      kind: z.string().regex(/^[a-z-]+$/),
      /** The rule of checkPassports() expected to report it. */
      rule: z.string().regex(/^[a-z-]+$/),
      field: z.string().regex(/^[A-Z_]+$/),
      description: z.string().min(1),
    }).strict(),
  ).min(1),
}).strict();

/** The data files and their schemas. */
export const DATA_FILES = {
  "crops.json": CropsFile,
  "countries.json": CountriesFile,
  "institutes.json": InstitutesFile,
  "donors.json": DonorsFile,
  "codes.json": CodesFile,
  "names.json": NamesFile,
  "traits.json": TraitsFile,
  "planted-kinds.json": PlantedKindsFile,
} as const;
export type DataFileName = keyof typeof DATA_FILES;

/** Where a data file is: `data/<name>` next to this module. */
export const dataFileUrl = (name: string): URL => new URL(`./data/${name}`, import.meta.url);

const loaded = new Map<string, unknown>();

/** Reads and checks one data file (once). */
export function readData<N extends DataFileName>(name: N): z.infer<(typeof DATA_FILES)[N]> {
  if (loaded.has(name)) return loaded.get(name) as z.infer<(typeof DATA_FILES)[N]>;
  const data = readDataFile(dataFileUrl(name), DATA_FILES[name], `the sandbox generator's ${name} (its reference data)`);
  loaded.set(name, data);
  return data as z.infer<(typeof DATA_FILES)[N]>;
}
