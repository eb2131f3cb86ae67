/**
 * Trait descriptors and dataset templates for the sandbox. Descriptor fields
 * follow Genesys' TranslatedDescriptorDTO as the notes describe it (§8.4):
 * uuid, title, columnName, dataType, category, uom, crop, minValue, maxValue,
 * description, terms[{code,title,description}].
 */
export type DataType = "NUMERIC" | "SCALE" | "CODED" | "BOOLEAN" | "TEXT" | "DATE";

export interface Term {
  code: string;
  title: string;
  description?: string;
}
export interface DescriptorTemplate {
  columnName: string;
  title: string;
  dataType: DataType;
  category: "CHARACTERIZATION" | "EVALUATION" | "ABIOTICSTRESS" | "BIOTICSTRESS" | "PHENOLOGY";
  uom?: string;
  description: string;
  /** NUMERIC: mean, sd, decimals; SCALE: min..max. */
  mean?: number;
  sd?: number;
  decimals?: number;
  minValue?: number;
  maxValue?: number;
  /** Weight of the shared per-accession latent factor (makes traits correlate). */
  corr?: number;
  /** Which latent factor: 0 growth and yield, 1 seed minerals (Fe and Zn correlate with each other, not with height). */
  factor?: number;
  /** NUMERIC whose mean and sd follow the accession's term of a CODED descriptor of the same crop (height by growth habit). */
  byTerm?: { column: string; means: number[]; sds: number[] };
  terms?: Term[];
  texts?: string[];
}

const scale19: Term[] = [
  { code: "1", title: "Very resistant" },
  { code: "3", title: "Resistant" },
  { code: "5", title: "Intermediate" },
  { code: "7", title: "Susceptible" },
  { code: "9", title: "Very susceptible" },
];

/** A NUMERIC descriptor. */
function numeric(
  columnName: string,
  title: string,
  category: DescriptorTemplate["category"],
  uom: string,
  description: string,
  [mean, sd, decimals, minValue, maxValue]: [number, number, number, number, number],
  more: Partial<DescriptorTemplate> = {},
): DescriptorTemplate {
  return { columnName, title, dataType: "NUMERIC", category, uom, description, mean, sd, decimals, minValue, maxValue, ...more };
}

/**
 * What each crop's published descriptor list measures, with means, sds and ranges that hold for the crop (IBPGR/IPGRI/
 * Bioversity descriptor lists: Phaseolus vulgaris 1982, maize 1991, wheat 1985, rice 2007, barley 1994, sorghum 1993,
 * pearl millet 1993, chickpea 1993, lentil 1985, faba bean 1985, cowpea 1983, pigeonpea 1993, groundnut 1992, potato
 * 1977, cassava 1983, sweet potato 1991, yam 1997, banana 1996; see docs/sandbox.md#trait-descriptors). Flowering as
 * days from sowing to 50 % flowering (heading or silking in cereals); seed weight per 100 seeds for legumes and
 * sorghum, per 1,000 grains for the small-grained cereals; root and tuber crops and banana have no seed weight or
 * grain yield.
 */
export interface CropTraits {
  flowering?: [number, number, number, number, number];
  floweringTitle?: string;
  height: [number, number, number, number, number];
  heightTitle?: string;
  seed?: { title: string; values: [number, number, number, number, number] };
  yield: { title: string; uom: string; description: string; values: [number, number, number, number, number] };
  quality: DescriptorTemplate;
  /** Crop-specific characterization descriptors (growth habit, seed colour…). */
  extra?: DescriptorTemplate[];
}

const grainYield = (values: [number, number, number, number, number]) => ({
  title: "Grain yield",
  uom: "t/ha",
  description: "Grain yield per unit area adjusted to 12% moisture",
  values,
});
const grainProtein = (values: [number, number, number, number, number], seed = "Grain") =>
  numeric("PROT", `${seed} protein content`, "EVALUATION", "%", `${seed} protein by NIR, dry basis`, values, { corr: -0.4 });
const dryMatter = (organ: string, values: [number, number, number, number, number]) =>
  numeric("DM", `${organ} dry matter content`, "EVALUATION", "%", `Dry matter of fresh ${organ.toLowerCase()}s, oven-dried`, values, {
    corr: 0.3,
  });

const BEAN_HABIT: DescriptorTemplate = {
  columnName: "GROWHAB",
  title: "Growth habit",
  dataType: "CODED",
  category: "CHARACTERIZATION",
  description: "Predominant growth habit of the plant (Phaseolus descriptors, IBPGR 1982: types I–IV)",
  terms: [
    { code: "1", title: "Determinate bush" },
    { code: "2", title: "Indeterminate bush" },
    { code: "3", title: "Indeterminate prostrate" },
    { code: "4", title: "Indeterminate climbing" },
  ],
};
const SEED_COLOUR: DescriptorTemplate = {
  columnName: "SEEDCOL",
  title: "Seed colour",
  dataType: "CODED",
  category: "CHARACTERIZATION",
  description: "Predominant colour of the seed coat",
  terms: [
    { code: "1", title: "White" },
    { code: "2", title: "Cream" },
    { code: "3", title: "Yellow" },
    { code: "4", title: "Brown" },
    { code: "5", title: "Red" },
    { code: "6", title: "Purple" },
    { code: "7", title: "Black" },
    { code: "8", title: "Mottled" },
  ],
};
const FLESH_COLOUR = (organ: string, titles: string[]): DescriptorTemplate => ({
  columnName: "FLESHCOL",
  title: `${organ} flesh colour`,
  dataType: "CODED",
  category: "CHARACTERIZATION",
  description: `Predominant colour of the ${organ.toLowerCase()} flesh`,
  terms: titles.map((title, i) => ({ code: String(i + 1), title })),
});

export const CROP_TRAITS: Record<string, CropTraits> = {
  beans: {
    flowering: [45, 7, 0, 25, 100],
    height: [60, 15, 1, 15, 400],
    seed: { title: "100-seed weight", values: [35, 12, 2, 10, 100] },
    yield: grainYield([1.5, 0.5, 2, 0.1, 5]),
    quality: grainProtein([22, 2, 1, 15, 32], "Seed"),
    extra: [BEAN_HABIT, SEED_COLOUR],
  },
  maize: {
    flowering: [75, 10, 0, 40, 140],
    floweringTitle: "Days to silking",
    height: [210, 35, 1, 50, 500],
    seed: { title: "1000-kernel weight", values: [300, 60, 1, 50, 700] },
    yield: grainYield([4.5, 1.5, 2, 0.2, 15]),
    quality: grainProtein([10, 1.2, 1, 6, 16]),
  },
  wheat: {
    flowering: [110, 12, 0, 60, 180],
    floweringTitle: "Days to heading",
    height: [95, 15, 1, 30, 200],
    seed: { title: "1000-kernel weight", values: [38, 6, 1, 15, 65] },
    yield: grainYield([3.5, 1, 2, 0.2, 10]),
    quality: grainProtein([13.2, 1.6, 1, 6, 22]),
  },
  rice: {
    flowering: [100, 15, 0, 50, 180],
    floweringTitle: "Days to heading",
    height: [115, 25, 1, 40, 250],
    seed: { title: "1000-grain weight", values: [25, 3.5, 1, 10, 45] },
    yield: grainYield([4, 1.3, 2, 0.2, 12]),
    quality: grainProtein([8, 1, 1, 4, 14]),
  },
  barley: {
    flowering: [100, 10, 0, 50, 170],
    floweringTitle: "Days to heading",
    height: [85, 15, 1, 30, 160],
    seed: { title: "1000-kernel weight", values: [42, 6, 1, 15, 70] },
    yield: grainYield([3, 1, 2, 0.2, 9]),
    quality: grainProtein([11.5, 1.5, 1, 6, 20]),
  },
  sorghum: {
    flowering: [75, 12, 0, 40, 150],
    height: [230, 70, 1, 50, 500],
    seed: { title: "100-seed weight", values: [2.8, 0.6, 2, 0.8, 7] },
    yield: grainYield([2.5, 0.9, 2, 0.1, 10]),
    quality: grainProtein([11, 1.5, 1, 6, 18]),
  },
  pearlmillet: {
    flowering: [65, 10, 0, 35, 130],
    height: [200, 50, 1, 50, 450],
    seed: { title: "1000-grain weight", values: [9, 2, 1, 3, 20] },
    yield: grainYield([1.5, 0.6, 2, 0.1, 6]),
    quality: grainProtein([12, 1.5, 1, 7, 20]),
  },
  chickpea: {
    flowering: [60, 12, 0, 30, 130],
    height: [45, 10, 1, 15, 100],
    seed: { title: "100-seed weight", values: [22, 8, 2, 5, 70] },
    yield: grainYield([1.2, 0.4, 2, 0.1, 4]),
    quality: grainProtein([21, 2, 1, 14, 30], "Seed"),
  },
  lentil: {
    flowering: [80, 10, 0, 40, 140],
    height: [30, 6, 1, 10, 70],
    seed: { title: "100-seed weight", values: [3.5, 1, 2, 1, 9] },
    yield: grainYield([1, 0.35, 2, 0.1, 3.5]),
    quality: grainProtein([26, 2, 1, 18, 34], "Seed"),
  },
  faba: {
    flowering: [55, 8, 0, 30, 110],
    height: [100, 20, 1, 30, 200],
    seed: { title: "100-seed weight", values: [80, 30, 2, 20, 250] },
    yield: grainYield([2.5, 0.8, 2, 0.2, 7]),
    quality: grainProtein([27, 2.5, 1, 18, 36], "Seed"),
  },
  cowpea: {
    flowering: [50, 8, 0, 30, 110],
    height: [55, 15, 1, 15, 250],
    seed: { title: "100-seed weight", values: [15, 4, 2, 4, 35] },
    yield: grainYield([1, 0.35, 2, 0.1, 4]),
    quality: grainProtein([24, 2, 1, 16, 32], "Seed"),
    extra: [SEED_COLOUR],
  },
  pigeonpea: {
    flowering: [120, 25, 0, 50, 250],
    height: [180, 40, 1, 50, 400],
    seed: { title: "100-seed weight", values: [10, 2.5, 2, 3, 25] },
    yield: grainYield([1, 0.35, 2, 0.1, 3.5]),
    quality: grainProtein([21, 2, 1, 14, 30], "Seed"),
  },
  groundnut: {
    flowering: [30, 4, 0, 18, 60],
    height: [35, 10, 1, 8, 80],
    seed: { title: "100-seed weight", values: [45, 12, 2, 15, 120] },
    yield: { title: "Pod yield", uom: "t/ha", description: "Dry pod yield per unit area", values: [2, 0.7, 2, 0.2, 7] },
    quality: numeric("OIL", "Seed oil content", "EVALUATION", "%", "Kernel oil content by NMR, dry basis", [48, 3, 1, 35, 60]),
  },
  potato: {
    height: [60, 15, 1, 15, 150],
    yield: {
      title: "Tuber yield per plant",
      uom: "kg",
      description: "Fresh weight of tubers harvested per plant",
      values: [0.8, 0.3, 2, 0.05, 3],
    },
    quality: dryMatter("Tuber", [22, 3, 1, 12, 35]),
    extra: [FLESH_COLOUR("Tuber", ["White", "Cream", "Yellow", "Red", "Purple"])],
  },
  cassava: {
    height: [220, 50, 1, 60, 450],
    yield: { title: "Fresh root yield", uom: "t/ha", description: "Fresh storage-root yield per unit area", values: [20, 8, 1, 1, 70] },
    quality: dryMatter("Root", [33, 4, 1, 18, 45]),
    extra: [FLESH_COLOUR("Root", ["White", "Cream", "Yellow", "Orange", "Pink"])],
  },
  sweetpotato: {
    height: [40, 12, 1, 10, 100],
    heightTitle: "Plant height",
    yield: { title: "Storage root yield", uom: "t/ha", description: "Fresh storage-root yield per unit area", values: [15, 6, 1, 1, 50] },
    quality: dryMatter("Root", [30, 5, 1, 15, 45]),
    extra: [FLESH_COLOUR("Root", ["White", "Cream", "Yellow", "Orange", "Purple"])],
  },
  yam: {
    height: [250, 60, 1, 80, 600],
    heightTitle: "Vine length",
    yield: {
      title: "Tuber yield per plant",
      uom: "kg",
      description: "Fresh weight of tubers harvested per plant",
      values: [2.5, 1, 2, 0.2, 10],
    },
    quality: dryMatter("Tuber", [35, 4, 1, 20, 50]),
    extra: [FLESH_COLOUR("Tuber", ["White", "Cream", "Yellow", "Purple"])],
  },
  banana: {
    height: [300, 60, 1, 100, 800],
    heightTitle: "Pseudostem height",
    yield: { title: "Bunch weight", uom: "kg", description: "Fresh weight of the bunch at harvest", values: [15, 6, 1, 1, 60] },
    quality: dryMatter("Fruit pulp", [30, 4, 1, 18, 45]),
  },
};

/** The characterization's descriptors of a crop: flowering, height, seed weight, then its own. */
export function characterization(crop: string): DescriptorTemplate[] {
  const t = CROP_TRAITS[crop]!;
  const bean = crop === "beans";
  return [
    ...(t.flowering
      ? [
        numeric(
          "DFLOW",
          t.floweringTitle ?? "Days to flowering",
          "PHENOLOGY",
          "days",
          "Number of days from sowing to when 50% of plants have begun to flower",
          t.flowering,
          { corr: 0.4 },
        ),
      ]
      : []),
    numeric(
      "PLTHT",
      t.heightTitle ?? "Plant height",
      "CHARACTERIZATION",
      "cm",
      "Height from ground level to the top of the plant at maturity",
      t.height,
      {
        corr: 0.6,
        // bush beans stand 30–60 cm, climbing beans 2 m and more (Phaseolus descriptors: growth habit types I–IV)
        ...(bean ? { byTerm: { column: "GROWHAB", means: [40, 60, 80, 200], sds: [8, 12, 15, 45] } } : {}),
      },
    ),
    ...(t.seed
      ? [
        numeric(
          "SDWT100",
          t.seed.title,
          "CHARACTERIZATION",
          "g",
          `Weight of ${t.seed.title.split("-")[0]} randomly chosen mature seeds at 12% moisture`,
          t.seed.values,
          {
            corr: -0.3,
          },
        ),
      ]
      : []),
    ...(t.extra ?? []),
  ];
}

/** The multi-location evaluation's descriptors of a crop. */
export function evaluation(crop: string): DescriptorTemplate[] {
  const t = CROP_TRAITS[crop]!;
  const [mean, sd, , min, max] = t.height;
  const chr = characterization(crop);
  return [
    numeric("YIELD", t.yield.title, "EVALUATION", t.yield.uom, t.yield.description, t.yield.values, { corr: 0.7 }),
    numeric("PH_M", t.heightTitle ?? "Plant height", "EVALUATION", "m", "Measured in multi-location trials, ground to tip", [
      mean / 100,
      sd / 100,
      2,
      min / 100,
      max / 100,
    ], {
      corr: 0.6,
      ...(crop === "beans" ? { byTerm: { column: "GROWHAB", means: [0.4, 0.6, 0.8, 2], sds: [0.08, 0.12, 0.15, 0.45] } } : {}),
    }),
    ...EVALUATION_COMMON,
    ...chr.filter((d) => d.columnName === "DFLOW" || d.columnName === "SDWT100"),
  ];
}

const EVALUATION_COMMON: DescriptorTemplate[] = [
  {
    columnName: "DRTOL",
    title: "Drought tolerance",
    dataType: "SCALE",
    category: "ABIOTICSTRESS",
    description: "Visual score of tolerance under terminal drought stress (1 = very tolerant, 9 = very susceptible)",
    minValue: 1,
    maxValue: 9,
    terms: scale19,
  },
  {
    columnName: "LODG",
    title: "Lodging",
    dataType: "BOOLEAN",
    category: "EVALUATION",
    description: "Whether the plot showed lodging at harvest",
  },
  { columnName: "SOWDATE", title: "Sowing date", dataType: "DATE", category: "EVALUATION", description: "Date the trial plot was sown" },
  {
    columnName: "NOTES",
    title: "Field notes",
    dataType: "TEXT",
    category: "EVALUATION",
    description: "Free-text observations recorded by the evaluator",
    texts: [
      "Uniform stand",
      "Segregating for seed colour",
      "Bird damage",
      "Late emergence",
      "Good pod set",
      "Plot partly flooded",
      "Vigorous; tolerant of heat",
    ],
  },
];

export const DISEASE_DESCRIPTORS: Record<string, DescriptorTemplate[]> = {
  beans: [
    {
      columnName: "Fe.Mean",
      title: "Seed iron content",
      dataType: "NUMERIC",
      category: "EVALUATION",
      uom: "mg/kg",
      description: "Iron concentration in whole seed, ICP-OES, dry weight basis",
      mean: 62,
      sd: 11,
      decimals: 1,
      minValue: 20,
      maxValue: 130,
      corr: 0.8,
      factor: 1,
    },
    {
      columnName: "Zn.Mean",
      title: "Seed zinc content",
      dataType: "NUMERIC",
      category: "EVALUATION",
      uom: "mg/kg",
      description: "Zinc concentration in whole seed, ICP-OES, dry weight basis",
      mean: 31,
      sd: 5,
      decimals: 1,
      minValue: 10,
      maxValue: 70,
      corr: 0.8,
      factor: 1,
    },
    {
      columnName: "BCMV",
      title: "Bean common mosaic virus reaction",
      dataType: "SCALE",
      category: "BIOTICSTRESS",
      description: "Disease severity score after inoculation with BCMV (CIAT 1-9 scale)",
      minValue: 1,
      maxValue: 9,
      terms: scale19,
    },
  ],
  maize: [
    {
      columnName: "KERTYPE",
      title: "Kernel type",
      dataType: "CODED",
      category: "CHARACTERIZATION",
      description: "Predominant kernel type of the ear",
      terms: [
        { code: "1", title: "Floury" },
        { code: "2", title: "Flint" },
        { code: "3", title: "Dent" },
        { code: "4", title: "Pop" },
        { code: "5", title: "Sweet" },
      ],
    },
    {
      columnName: "EARLEN",
      title: "Ear length",
      dataType: "NUMERIC",
      category: "CHARACTERIZATION",
      uom: "cm",
      description: "Length of the uppermost ear",
      mean: 16,
      sd: 3.5,
      decimals: 1,
      minValue: 3,
      maxValue: 40,
      corr: 0.5,
    },
    {
      columnName: "TLB",
      title: "Turcicum leaf blight",
      dataType: "SCALE",
      category: "BIOTICSTRESS",
      description: "Severity of Exserohilum turcicum leaf blight (1-9)",
      minValue: 1,
      maxValue: 9,
      terms: scale19,
    },
  ],
  wheat: [
    {
      columnName: "YR",
      title: "Yellow rust reaction",
      dataType: "SCALE",
      category: "BIOTICSTRESS",
      description: "Stripe rust (Puccinia striiformis) severity score (1-9)",
      minValue: 1,
      maxValue: 9,
      terms: scale19,
    },
    {
      columnName: "PROT",
      title: "Grain protein content",
      dataType: "NUMERIC",
      category: "EVALUATION",
      uom: "%",
      description: "Grain protein by NIR, dry basis",
      mean: 13.2,
      sd: 1.6,
      decimals: 1,
      minValue: 6,
      maxValue: 22,
      corr: -0.4,
    },
  ],
};
/** Crops without their own screening list score disease and measure their quality trait (CROP_TRAITS). */
const DISEASE_SCORE: DescriptorTemplate = {
  columnName: "DISRES",
  title: "Disease resistance",
  dataType: "SCALE",
  category: "BIOTICSTRESS",
  description: "Overall foliar disease severity score under natural infection (1-9)",
  minValue: 1,
  maxValue: 9,
  terms: scale19,
};

/** Real experimental stations of the genebanks' host institutes (trial sites for the datasets' environments). */
export const TRIAL_SITES: Record<string, string[]> = {
  MEX: ["El Batán, MEX", "Toluca, MEX", "Ciudad Obregón, MEX", "Agua Fría, MEX"],
  COL: ["Palmira, COL", "Santander de Quilichao, COL", "Darién, COL", "Popayán, COL"],
  PER: ["La Molina, PER", "Huancayo, PER", "San Ramón, PER"],
  PHL: ["Los Baños, PHL", "Muñoz, PHL", "Pili, PHL"],
  NGA: ["Ibadan, NGA", "Mokwa, NGA", "Kano, NGA", "Ubiaja, NGA"],
  IND: ["Patancheru, IND", "Hisar, IND", "Dharwad, IND"],
  LBN: ["Terbol, LBN", "Kfardan, LBN", "Marchouch, MAR"],
  DEU: ["Gatersleben, DEU", "Malchow, DEU", "Groß Lüsewitz, DEU"],
  USA: ["Pullman, WA, USA", "Ames, IA, USA", "Central Ferry, WA, USA"],
  BEL: ["Leuven, BEL", "Njoro, KEN", "Kawanda, UGA"],
  CIV: ["M'bé, CIV", "Ibadan, NGA", "Saint-Louis, SEN"],
  AUS: ["Horsham, AUS", "Wagga Wagga, AUS", "Narrabri, AUS"],
  ESP: ["Alcalá de Henares, ESP", "Zaragoza, ESP", "Córdoba, ESP"],
  ETH: ["Holetta, ETH", "Debre Zeit, ETH", "Melkassa, ETH"],
};

/**
 * A dataset template; descriptors are shared by crop and columnName, so the
 * evaluation trials measure "Days to flowering" and "100-seed weight" with the
 * same descriptor (UUID) as the characterization.
 */
export interface DatasetTemplate {
  kind: "characterization" | "evaluation" | "screening";
  title: (cropName: string, acronym: string) => string;
  descriptors: (crop: string) => DescriptorTemplate[];
  /** Share of the crop's accessions in the dataset, percent. */
  coverage: number;
  /** Trial environments: how many of the institute's sites, and the years. */
  sites: number;
  years: number[];
  /** Share of a member accession's environments it was grown in (at least one). */
  grown: number;
  /** Replicate plots per accession and environment. */
  reps: number;
  /** Share of missing observations, 0..1. */
  missing: number;
}

export const DATASET_TEMPLATES: DatasetTemplate[] = [
  {
    kind: "characterization",
    title: (c, a) => `${a} ${c} collection characterization, 1985–1992`,
    descriptors: characterization,
    coverage: 30,
    sites: 1,
    years: [1985, 1988, 1992],
    grown: 0.5,
    reps: 1,
    missing: 0.12,
  },
  {
    kind: "evaluation",
    title: (c, a) => `${a} ${c} multi-location evaluation, 2014–2016`,
    descriptors: evaluation,
    coverage: 15,
    sites: 3,
    years: [2014, 2015, 2016],
    grown: 0.45,
    reps: 2,
    missing: 0.08,
  },
  {
    kind: "screening",
    title: (c, a) => `${a} ${c} screening for quality and disease reaction`,
    descriptors: (crop) => DISEASE_DESCRIPTORS[crop] ?? [DISEASE_SCORE, CROP_TRAITS[crop]!.quality],
    coverage: 10,
    sites: 2,
    years: [2019, 2020],
    grown: 0.6,
    reps: 2,
    missing: 0.1,
  },
];
