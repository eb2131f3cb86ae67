/**
 * Reference vocabularies the passport generator draws from, read from the data files (data.ts): real Genesys crop
 * codes with their genera and species (crops.json), ISO 3166-1 alpha-3 countries with the boxes of their farming
 * regions (countries.json), WIEWS codes of real genebanks (institutes.json), donors (donors.json) and MCPD 2.1 code
 * weights (codes.json). Taxon ids are synthetic (see docs/sandbox.md).
 */
import { countryName } from "../../mcpd/countries.ts";
import { type Country, type Crop, type Donor, type Institute, readData, type Taxon } from "./data.ts";

export type { Country, Crop, Donor, Institute, Taxon };

/**
 * Crops, their taxa and where each is wild or grown. Native ranges: GRIN-Global taxonomy and Plants of the World Online
 * (Kew), restricted to the sandbox's countries; shares of taxa: the genebanks' own published counts where there are
 * some (docs/sandbox.md#taxa-and-their-ranges names each source), else the main cultivated species first.
 */
export const CROPS: Crop[] = readData("crops.json").crops;

/**
 * Countries with the bounding boxes (degrees) of their farming regions: collecting sites are drawn on the country's
 * land inside this box (sites.json), so that they fall where crops are grown rather than in deserts or tundra. Names
 * come from the MCPD vocabulary module (the client decodes with the same), the file's name only for a code it lacks.
 */
export const COUNTRIES: Country[] = readData("countries.json").countries.map((c) => ({ ...c, name: countryName(c.code3) ?? c.name }));

/** Real WIEWS codes of genebanks that publish on Genesys; crop holdings simplified. */
export const INSTITUTES: Institute[] = readData("institutes.json").institutes;

/**
 * Donor / collecting institutes that appear in DONORCODE, COLLCODE, BREDCODE, each with the prefix of its own accession
 * numbers: a DONORNUMB is the donor's number for the sample, so two samples of one donor never share one.
 */
export const DONORS: Donor[] = readData("donors.json").donors;

const codes = readData("codes.json");
/** Share of wild and weedy accessions of a crop at a genebank that publishes none (Genesys: ICRISAT 2 %, CIP potato 32 %). */
export const DEFAULT_WILD_SHARE: number = codes.defaultWildShare;
/** MCPD 2.1 SAMPSTAT codes of wild and weedy material, with weights (labels: src/mcpd/sampstat.ts). */
export const SAMPSTAT_WILD: [number, number][] = codes.sampstatWild;
/** SAMPSTAT codes of cultivated material (landraces, breeding material, cultivars), with weights. */
export const SAMPSTAT_CULTIVATED: [number, number][] = codes.sampstatCultivated;
/**
 * COLLSRC given SAMPSTAT, as MCPD 2.1 defines both: wild material from wild habitats (10–15) and weedy or ruderal
 * places (60–62); weedy material also from fields and fallows (20, 21, 24); landraces from farms, home gardens, farm
 * stores, threshing floors (20–27) and markets (30), or via an institute (40); breeding material from research
 * organisations (40); cultivars from farms, markets, institutes and seed companies (20, 30, 40, 50).
 */
export const COLLSRC_BY_SAMPSTAT: { below: number; codes: [number, number][] }[] = codes.collsrcBySampstat;
/** STORAGE of seed accessions (short-, medium-, long-term seed collections). */
export const STORAGE_SEED: [string, number][] = codes.storageSeed;
/** STORAGE of clonal accessions (field, in vitro, cryopreserved). */
export const STORAGE_CLONAL: [string, number][] = codes.storageClonal;
export const REMARKS: { any: string[]; seed: string[]; landrace: string[] } = codes.remarks;
export const CURATION: [string, number][] = codes.curation;
