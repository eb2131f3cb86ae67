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

export const GENERIC_DESCRIPTORS: DescriptorTemplate[] = [
  {
    columnName: "DFLOW",
    title: "Days to flowering",
    dataType: "NUMERIC",
    category: "PHENOLOGY",
    uom: "days",
    description: "Number of days from sowing to when 50% of plants have begun to flower",
    mean: 62,
    sd: 9,
    decimals: 0,
    minValue: 20,
    maxValue: 150,
    corr: 0.4,
  },
  {
    columnName: "PLTHT",
    title: "Plant height",
    dataType: "NUMERIC",
    category: "CHARACTERIZATION",
    uom: "cm",
    description: "Height from ground level to the top of the plant at maturity",
    mean: 95,
    sd: 22,
    decimals: 1,
    minValue: 10,
    maxValue: 400,
    corr: 0.6,
  },
  {
    columnName: "SDWT100",
    title: "100-seed weight",
    dataType: "NUMERIC",
    category: "CHARACTERIZATION",
    uom: "g",
    description: "Weight of 100 randomly chosen mature seeds at 12% moisture",
    mean: 32,
    sd: 8,
    decimals: 2,
    minValue: 1,
    maxValue: 150,
    corr: -0.3,
  },
  {
    columnName: "GROWHAB",
    title: "Growth habit",
    dataType: "CODED",
    category: "CHARACTERIZATION",
    description: "Predominant growth habit of the plant",
    terms: [
      { code: "1", title: "Determinate bush" },
      { code: "2", title: "Indeterminate bush" },
      { code: "3", title: "Indeterminate prostrate" },
      { code: "4", title: "Indeterminate climbing" },
    ],
  },
  {
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
  },
];

export const EVALUATION_DESCRIPTORS: DescriptorTemplate[] = [
  {
    columnName: "YIELD",
    title: "Grain yield",
    dataType: "NUMERIC",
    category: "EVALUATION",
    uom: "t/ha",
    description: "Grain yield per unit area adjusted to 12% moisture",
    mean: 2.4,
    sd: 0.9,
    decimals: 2,
    minValue: 0,
    maxValue: 15,
    corr: 0.7,
  },
  {
    columnName: "PH_M",
    title: "Plant height",
    dataType: "NUMERIC",
    category: "EVALUATION",
    uom: "m",
    description: "Plant height measured in multi-location trials, ground to tip",
    mean: 1.1,
    sd: 0.3,
    decimals: 2,
    minValue: 0.1,
    maxValue: 4,
    corr: 0.6,
  },
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
/** Crops without their own disease list use this one. */
export const DEFAULT_DISEASE: DescriptorTemplate[] = [
  {
    columnName: "DISRES",
    title: "Disease resistance",
    dataType: "SCALE",
    category: "BIOTICSTRESS",
    description: "Overall foliar disease severity score under natural infection (1-9)",
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
    description: "Protein content of seed by NIR, dry basis",
    mean: 21,
    sd: 3,
    decimals: 1,
    minValue: 5,
    maxValue: 40,
    corr: -0.4,
  },
];

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
    descriptors: () => GENERIC_DESCRIPTORS,
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
    descriptors: () => [...EVALUATION_DESCRIPTORS, GENERIC_DESCRIPTORS[0]!, GENERIC_DESCRIPTORS[2]!],
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
    descriptors: (crop) => DISEASE_DESCRIPTORS[crop] ?? DEFAULT_DISEASE,
    coverage: 10,
    sites: 2,
    years: [2019, 2020],
    grown: 0.6,
    reps: 2,
    missing: 0.1,
  },
];
