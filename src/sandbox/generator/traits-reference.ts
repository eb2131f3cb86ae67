/**
 * Trait descriptors and dataset templates for the sandbox, built from data/traits.json (read through data.ts).
 * Descriptor fields follow Genesys' TranslatedDescriptorDTO as the notes describe it (§8.4): uuid, title, columnName,
 * dataType, category, uom, crop, minValue, maxValue, description, terms[{code,title,description}].
 *
 * What each crop's published descriptor list measures, with means, sds and ranges that hold for the crop, is in the
 * data file (sources there and in docs/sandbox.md#trait-descriptors). Flowering as days from sowing to 50 % flowering
 * (heading or silking in cereals); seed weight per 100 seeds for legumes and sorghum, per 1,000 grains for the
 * small-grained cereals; root and tuber crops and banana have no seed weight or grain yield.
 */
import { type CropTraits, type DescriptorIn, readData, type Term } from "./data.ts";

export type DataType = DescriptorIn["dataType"];
export type { Term };

export interface DescriptorTemplate extends Omit<DescriptorIn, "terms"> {
  terms?: Term[];
  /** NUMERIC whose mean and sd follow the accession's term of a CODED descriptor of the same crop (height by growth habit). */
  byTerm?: { column: string; means: number[]; sds: number[] };
}

const traits = readData("traits.json");

/** Each crop's traits (data/traits.json `crops`). */
export const CROP_TRAITS: Record<string, CropTraits> = traits.crops;
/** Real experimental stations of the genebanks' host institutes (trial sites for the datasets' environments). */
export const TRIAL_SITES: Record<string, string[]> = traits.trialSites;
/** The stations of a genebank's country for one crop, where they differ from TRIAL_SITES (data/traits.json `trialSitesByCrop`). */
export const TRIAL_SITES_BY_CROP: Record<string, Record<string, string[]>> = traits.trialSitesByCrop;
/** The stations of a genebank's country before a year (data/traits.json `trialSitesUntil`: ICARDA's before its 2012 move). */
export const TRIAL_SITES_UNTIL: Record<string, { until: number; stations: string[] }> = traits.trialSitesUntil;

/** A descriptor of the data file, with a named descriptor or term list looked up. */
function descriptor(d: DescriptorIn | string): DescriptorTemplate {
  const found = typeof d === "string" ? traits.descriptors[d] : d;
  if (!found) throw new Error(`sandbox generator: data/traits.json names descriptor ${d}, which its "descriptors" lack`);
  if (typeof found.terms !== "string") return found as DescriptorTemplate;
  const terms = traits.termLists[found.terms];
  if (!terms) throw new Error(`sandbox generator: data/traits.json names term list ${found.terms}, which its "termLists" lack`);
  return { ...found, terms };
}

/** A named descriptor of the data file (`descriptors`), its term list looked up. */
export const descriptorTemplate = (name: string): DescriptorTemplate => descriptor(name);

/** A NUMERIC descriptor. */
function numeric(
  columnName: string,
  title: string,
  category: DescriptorTemplate["category"],
  uom: string,
  description: string,
  [mean, sd, decimals, minValue, maxValue]: readonly number[],
  more: Partial<DescriptorTemplate> = {},
): DescriptorTemplate {
  return { columnName, title, dataType: "NUMERIC", category, uom, description, mean, sd, decimals, minValue, maxValue, ...more };
}

/** The traits of a crop; an error naming the file when it has none. */
function cropTraits(crop: string): CropTraits {
  const t = CROP_TRAITS[crop];
  if (!t) throw new Error(`sandbox generator: crop ${crop} has no traits in data/traits.json "crops"`);
  return t;
}

/** The characterization's descriptors of a crop: flowering, height, seed weight, then its own. */
export function characterization(crop: string): DescriptorTemplate[] {
  const t = cropTraits(crop);
  const flowering = "Number of days from sowing to when 50% of plants have begun to flower";
  return [
    ...(t.flowering
      ? [numeric("DFLOW", t.floweringTitle ?? "Days to flowering", "PHENOLOGY", "days", flowering, t.flowering, { corr: 0.4 })]
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
        ...(t.heightByTerm ? { byTerm: t.heightByTerm } : {}),
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
    ...(t.extra ?? []).map(descriptor),
  ];
}

/** The multi-location evaluation's descriptors of a crop: yield, height in m, the common ones, flowering and seed weight. */
export function evaluation(crop: string): DescriptorTemplate[] {
  const t = cropTraits(crop);
  const [mean, sd, , min, max] = t.height;
  const m = (xs: number[]) => xs.map((x) => x / 100);
  const byTerm = t.heightByTerm && { column: t.heightByTerm.column, means: m(t.heightByTerm.means), sds: m(t.heightByTerm.sds) };
  return [
    numeric("YIELD", t.yield.title, "EVALUATION", t.yield.uom, t.yield.description, t.yield.values, { corr: 0.7 }),
    numeric("PH_M", t.heightTitle ?? "Plant height", "EVALUATION", "m", "Measured in multi-location trials, ground to tip", [
      mean / 100,
      sd / 100,
      2,
      min / 100,
      max / 100,
    ], { corr: 0.6, ...(byTerm ? { byTerm } : {}) }),
    ...traits.evaluationCommon.map(descriptor),
    ...characterization(crop).filter((d) => d.columnName === "DFLOW" || d.columnName === "SDWT100"),
  ];
}

/** The quality and disease screening's descriptors: the crop's own list, else a disease score and its quality trait. */
export function screening(crop: string): DescriptorTemplate[] {
  const own = traits.screening[crop];
  return own ? own.map(descriptor) : [descriptor(traits.screeningDefault), descriptor(cropTraits(crop).quality)];
}

/**
 * A dataset template; descriptors are shared by crop and columnName, so the evaluation trials measure "Days to
 * flowering" and "100-seed weight" with the same descriptor (UUID) as the characterization.
 */
export interface DatasetTemplate {
  /** characterization, evaluation, screening; figs for a FIGS trial (figs.ts). */
  kind: string;
  title: (cropName: string, acronym: string) => string;
  descriptors: (crop: string) => DescriptorTemplate[];
  /** Share of the genebank's own accessions of the crop in the dataset, percent. */
  coverage: number;
  /** How often, relative to its own, another genebank's accession is in it (1: a FIGS set from several collections). */
  foreign: number;
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

const DESCRIPTORS_OF = { characterization, evaluation, screening };

export const DATASET_TEMPLATES: DatasetTemplate[] = traits.datasets.map((d) => ({
  ...d,
  title: (crop: string, acronym: string) => d.title.replaceAll("{crop}", crop).replaceAll("{acronym}", acronym),
  descriptors: DESCRIPTORS_OF[d.kind],
}));
