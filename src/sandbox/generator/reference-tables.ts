/**
 * The generator's reference tables in DuckDB, one SQL step each, from the data files (reference.ts, names.ts) and the
 * collecting sites (sites.json): ref_pair (one row per genebank and crop it holds), ref_taxon, ref_country, ref_site,
 * ref_sea, ref_name, ref_institute, ref_habitat_site and ref_donor. The passports (passports.ts) are drawn over them.
 */
import type { DuckDBConnection } from "@duckdb/node-api";
import { createHash } from "node:crypto";
import type { CountryWeights, Habitat } from "./data.ts";
import {
  COUNTRIES,
  type Crop,
  CROPS,
  DEFAULT_WILD_SHARE,
  DONORS,
  type Institute,
  INSTITUTES,
  SAMPSTAT_CULTIVATED,
  type Taxon,
} from "./reference.ts";
import { NAME_AREA, refNameRows, TAXON_NAME_KEYS } from "./names.ts";
import { siteData } from "./site-data.ts";
import { syntheticClimate } from "../../climate/synthetic.ts";
import { num, numList, recordsTable, str, strList, valuesTable, weighted } from "./sql.ts";

/** The codes of those countries the sites file has. */
const here = (codes: readonly string[]) => codes.filter((c) => c in siteData().countries);

/** A habitat's elevation band in a country (metres). */
const bandIn = (h: Habitat, code3: string): [number, number] => h.elevationIn?.[code3] ?? h.elevation;

/**
 * The sites (indices into a country's sites.json list) of a habitat in a country: in its elevation band and divisions.
 * A division with a weight (`admin1Weights`) has its sites repeated so that its share of the draws follows the weight,
 * whatever its number of sites; the others count once per site. The division sites of sites.json (those after the first
 * `sitesPerCountry`) are drawn only for a habitat that names their division; a habitat with `minBio12` skips the sites
 * the sandbox's own climate gives less rain.
 */
export function habitatSites(h: Habitat, code3: string): number[] {
  const byCountry = habitatSitesMemo.get(h) ?? habitatSitesMemo.set(h, new Map()).get(h)!;
  let sites = byCountry.get(code3);
  if (!sites) byCountry.set(code3, sites = sitesOfHabitat(h, code3));
  return sites;
}

/**
 * habitatSites() per habitat and country, computed once: a habitat with a rain floor samples the synthetic climate at
 * every site, and the ranges, the ref_habitat_site table and the cache stamp (habitatStamp) all ask for the same lists.
 * The lists are shared: callers read them, never change them.
 */
const habitatSitesMemo = new WeakMap<Habitat, Map<string, number[]>>();

function sitesOfHabitat(h: Habitat, code3: string): number[] {
  const c = siteData().countries[code3];
  if (!c) return [];
  const admin = h.admin1?.[code3], weights = h.admin1Weights?.[code3];
  const [lo, hi] = bandIn(h, code3);
  const floor = h.minBio12 && !h.minBio12.except?.includes(code3) ? h.minBio12.mm : 0;
  const kept = c.sites.flatMap(([lat, lon, , place], k) => {
    const [, admin1, , , elev] = c.places[place]!;
    // division sites (after the first sitesPerCountry) only for a habitat that names their division
    const inDivision = admin ? admin.includes(admin1) : k < siteData().params.sitesPerCountry;
    const wet = floor === 0 || syntheticClimate(lat, lon, elev).bio.bio12 >= floor;
    return elev >= lo && elev <= hi && inDivision && wet ? [[k, admin1] as const] : [];
  });
  if (!weights) return kept.map(([k]) => k);
  const count = new Map<string, number>();
  for (const [, a] of kept) count.set(a, (count.get(a) ?? 0) + 1);
  // a weight of 1 is worth ten draws of the division, spread over its sites
  return kept.flatMap(([k, a]) => Array<number>(Math.max(1, Math.round((10 * (weights[a] ?? 1)) / count.get(a)!))).fill(k));
}

/**
 * A stamp of what the reference tables take from outside the generator's data: the sites of the habitats with a rain
 * floor (`minBio12`) in the countries they are drawn from, which follow the sandbox's climate model
 * (src/climate/synthetic.ts). A cached database made under another climate model is built again (db.ts), without a new
 * GENERATOR_VERSION.
 */
export function habitatStamp(): string {
  const lists = CROPS.flatMap((c) =>
    c.taxa.flatMap((t) => {
      const h = t.landraceHabitat;
      return h?.minBio12 ? rangesOf(c, t).grown.map((code3) => [c.code, t.species, code3, habitatSites(h, code3)]) : [];
    })
  );
  return createHash("sha256").update(JSON.stringify(lists)).digest("hex").slice(0, 16);
}

/** The countries of a list where a habitat (if any) has sites; an error naming the taxon when none is left. */
function withSites(codes: string[], h: Habitat | undefined, what: string): string[] {
  if (!h) return codes;
  const kept = codes.filter((c) => habitatSites(h, c).length > 0);
  if (codes.length && !kept.length) throw new Error(`sandbox generator: data/crops.json: ${what} has no collecting site in its habitat`);
  return kept;
}

/** Native countries of a taxon's wild form, and where its landraces are grown, each with sites in the habitat. */
function rangesOf(c: Crop, t: Taxon): { native: string[]; grown: string[] } {
  const name = `${t.genus} ${t.species}${t.subtaxa ? ` ${t.subtaxa}` : ""}`;
  return {
    native: withSites(here(t.wild ?? []), t.wildHabitat, `${name} (wild)`),
    grown: withSites(here(t.grown ?? c.origins), t.landraceHabitat, `${name} (landraces)`),
  };
}

/** Taxon indices of a crop, each repeated by its share (the genebank's own where it gives one), for one status (wild or cultivated). */
function taxaOf(taxa: Taxon[], wild: boolean, own: Record<string, number> = {}): number[] {
  const share = (tx: Taxon) => Math.round(own[`${tx.genus} ${tx.species}`] ?? tx.share);
  return taxa.flatMap((tx, k) => ((wild ? tx.wild && here(tx.wild).length : tx.cultivated) ? Array<number>(share(tx)).fill(k) : []));
}

/** Creates every reference table; returns the pidx of each genebank-crop pair repeated by its weight (the draw of a pair). */
export async function createReferenceTables(con: DuckDBConnection): Promise<{ pairPick: number[] }> {
  const pairPick = await createPairs(con);
  await createTaxa(con);
  await createCountries(con);
  await createSites(con);
  await createSea(con);
  await createHabitatSites(con);
  await createDonors(con);
  await con.run(valuesTable("ref_name", ["area", "crop_code", "names", "nnames"], refNameRows(CROPS.map((c) => c.code))));
  await con.run(recordsTable(
    "ref_institute",
    INSTITUTES.map((i) => ({
      code: str(i.code),
      id: num(i.id),
      name: str(i.name),
      acronym: str(i.acronym),
      country: str(i.country),
      url: str(i.url),
    })),
  ));
  return { pairPick };
}

/** A crop of crops.json; an error naming the genebank when it holds one the file lacks. */
function cropOf(inst: Institute, code: string): Crop {
  const crop = CROPS.find((c) => c.code === code);
  if (!crop) throw new Error(`sandbox generator: data/institutes.json: ${inst.code} holds crop ${code}, which data/crops.json lacks`);
  return crop;
}

/** Table ref_pair: a row per genebank and crop it holds, with what a passport of that pair is drawn from. */
async function createPairs(con: DuckDBConnection): Promise<number[]> {
  const rows: Record<string, string>[] = [];
  const pairPick: number[] = [];
  for (const inst of INSTITUTES) {
    for (const [rank, cropCode] of inst.crops.entries()) {
      rows.push(pairRow(inst, cropOf(inst, cropCode), rows.length));
      // the first crop of a genebank is its largest collection
      const weight = Math.max(1, 6 - rank * 2);
      for (let k = 0; k < weight; k++) pairPick.push(rows.length - 1);
    }
  }
  await con.run(recordsTable("ref_pair", rows));
  return pairPick;
}

/** One row of ref_pair. */
function pairRow(inst: Institute, crop: Crop, pidx: number): Record<string, string> {
  const own = inst.taxonShares?.shares[crop.code];
  const wildTaxa = taxaOf(crop.taxa, true, own);
  const cultTaxa = taxaOf(crop.taxa, false, own);
  const mix = inst.sampstatCrop?.[crop.code] ?? inst.sampstat ?? SAMPSTAT_CULTIVATED;
  const sampstat = weighted(mix.filter(([code]) => !crop.sampstatNotUsed?.includes(code)));
  const cropPrefix = inst.numberPrefix[crop.code] ?? inst.numberPrefix.default;
  const lo = inst.landraceOriginsCrop?.[crop.code] ?? inst.landraceOrigins;
  const landraceOrigins = lo ? weighted(Object.entries(lo.weights)) : [""];
  const origins = here(crop.origins);
  const duplClonal = inst.duplClonalCrop?.[crop.code] ?? inst.duplClonal ?? [""];
  return {
    pidx: num(pidx),
    inst_code: str(inst.code),
    inst_id: num(inst.id),
    inst_name: str(inst.name),
    inst_acronym: str(inst.acronym),
    inst_country: str(inst.country),
    inst_url: str(inst.url),
    crop_code: str(crop.code),
    crop_name: str(crop.name),
    // ACCENUMB prefix per taxon index (AfricaRice: TOG for O. glaberrima, TOS for O. sativa)
    number_prefixes: strList(crop.taxa.map((t) => inst.numberPrefix[`${t.genus} ${t.species}`] ?? cropPrefix)),
    number_digits: num(inst.numberDigits ?? 0),
    origins: strList(origins),
    // the genebank's own weights of its landraces' countries (EBI, ICARDA, AfricaRice), [''] when it has none
    landrace_origins: strList(landraceOrigins),
    norigins: num(origins.length),
    // improved material partly from the genebank's own country
    own_improved: String(inst.ownImproved !== false && inst.country in siteData().countries),
    // landraces partly from the genebank's own country (where the crop is grown)
    own_landraces: num(inst.ownLandraces?.shares[crop.code] ?? 0.35),
    founded: num(inst.foundedCrop?.[crop.code] ?? inst.founded),
    // older collections: the share of its collected material collected from that year on, whenever acquired
    collected_from: num(inst.collectedFrom?.year ?? 0),
    collected_from_share: num(inst.collectedFrom?.share ?? 0),
    wild_share: num(wildTaxa.length ? (inst.wildShare?.[crop.code] ?? DEFAULT_WILD_SHARE) : 0),
    wild_taxa: numList(wildTaxa.length ? wildTaxa : [0]),
    nwild_taxa: num(wildTaxa.length || 1),
    cult_taxa: numList(cultTaxa),
    ncult_taxa: num(cultTaxa.length),
    samp_list: numList(sampstat),
    nsamp: num(sampstat.length),
    clonal: String(crop.clonal === true),
    mls_share: num(crop.annexI === false ? 0 : inst.mls),
    dupl_seed: strList(inst.duplSeed),
    ndupl_seed: num(inst.duplSeed.length),
    dupl_clonal: strList(duplClonal),
    ndupl_clonal: num(duplClonal.length),
  };
}

/** `<crop>:<genus species[ subtaxa]>`, the key of a taxon's own landrace names in names.json. */
const taxonKey = (c: Crop, t: Taxon) => `${c.code}:${t.genus} ${t.species}${t.subtaxa ? ` ${t.subtaxa}` : ""}`;

/** The codes, each repeated by its weight (1 when not listed). */
const byWeight = (codes: string[], w?: CountryWeights) => codes.flatMap((c) => Array(w?.weights[c] ?? 1).fill(c) as string[]);

/** Where a taxon's bred material is bred: its own `bredIn`, its crop's, else where it is grown. */
const bredOf = (c: Crop, t: Taxon, grown: string[]) => {
  const bredIn = t.bredIn ?? c.bredIn;
  return bredIn ? here(bredIn.countries) : grown;
};

/** Table ref_taxon: each crop's taxa with their native countries (wild) and where they are grown (landraces). */
async function createTaxa(con: DuckDBConnection): Promise<void> {
  await con.run(recordsTable(
    "ref_taxon",
    CROPS.flatMap((c) =>
      c.taxa.map((t, k) => {
        const { native: nativeCodes, grown: grownCodes } = rangesOf(c, t);
        // each country as often as its weight: the draw picks one of the list
        const native = byWeight(nativeCodes, t.wildWeights), grown = byWeight(grownCodes, t.grownWeights);
        return {
          crop_code: str(c.code),
          k: num(k),
          genus: str(t.genus),
          species: str(t.species),
          sp_author: str(t.spAuthor),
          subtaxa: str(t.subtaxa),
          subt_author: str(t.subtAuthor),
          grin_id: num(t.grinId),
          // the key of its landrace names in ref_name: its own list's where names.json has one, else its crop's
          name_key: str(TAXON_NAME_KEYS.has(taxonKey(c, t)) ? taxonKey(c, t) : c.code),
          native: strList(native.length ? native : [""]),
          nnative: num(native.length || 1),
          grown: strList(grown),
          ngrown: num(grown.length),
          // where its bred material is from: the crop's breeding countries (bredIn), else where it is grown
          bred: strList(bredOf(c, t, grown)),
          nbred: num(bredOf(c, t, grown).length),
          bred_as_landrace: num(t.bredAsLandrace?.share ?? 0),
          // COLLSRC of its wild material where its ecology narrows the codes (0: codes.json's by SAMPSTAT)
          wild_collsrc: numList(t.wildCollsrc ? weighted(t.wildCollsrc.codes) : [0]),
          nwild_collsrc: num(t.wildCollsrc ? weighted(t.wildCollsrc.codes).length : 0),
          // SAMPSTAT codes of the crop's mix that are no category of this taxon (a durum hybrid: drawn as 500)
          samp_not_used: numList(t.sampstatNotUsed ?? [0]),
        };
      })
    ),
  ));
}

/** Table ref_country: codes, names, language area of names, towns, the centroid of sites.json, the end of its landraces. */
async function createCountries(con: DuckDBConnection): Promise<void> {
  const sites = siteData().countries;
  await con.run(recordsTable(
    "ref_country",
    COUNTRIES.map((c, i) => ({
      cidx: num(i),
      code3: str(c.code3),
      code_num: num(c.codeNum),
      name: str(c.name),
      name_area: str(NAME_AREA[c.code3] ?? ""),
      towns: strList(c.towns),
      ntowns: num(c.towns.length),
      cen_lat: num(sites[c.code3]!.centroid[0]),
      cen_lon: num(sites[c.code3]!.centroid[1]),
      cen_ok: String(sites[c.code3]!.centroidOnLand),
      landraces_until: `${num(c.landracesUntil?.year)}::INT`,
    })),
  ));
}

/**
 * Table ref_site: collecting sites on each country's land (sites.json): code3, k, lat, lon, slip flags, and the GeoNames
 * place nearest. One string per country, split in SQL: a VALUES list of 15,000 rows takes DuckDB a minute to plan.
 */
async function createSites(con: DuckDBConnection): Promise<void> {
  const SITES = siteData().countries;
  const US = "\u001f", RS = "\u001e";
  const siteText = (c: string) =>
    SITES[c]!.sites.map(([lat, lon, flags, place, km, dir]) => {
      const [name, admin, , , elev] = SITES[c]!.places[place]!;
      return [lat, lon, flags, name, admin, km, dir, elev].join(US);
    }).join(RS);
  const field = (i: number, type: string) => `split_part(site, '${US}', ${i})${type === "VARCHAR" ? "" : `::${type}`}`;
  await con.run(
    `CREATE OR REPLACE TABLE ref_site AS SELECT code3, (k - 1)::INT AS k, ${field(1, "DOUBLE")} AS lat, ${field(2, "DOUBLE")} AS lon,
       ${field(3, "INT")} AS flags, ${field(4, "VARCHAR")} AS place, ${field(5, "VARCHAR")} AS admin, ${field(6, "DOUBLE")} AS km,
       ${field(7, "VARCHAR")} AS dir, ${field(8, "DOUBLE")} AS place_elev
     FROM (SELECT code3, unnest(string_split(sites, '${RS}')) AS site, generate_subscripts(string_split(sites, '${RS}'), 1) AS k
       FROM (VALUES ${COUNTRIES.map((c) => `(${str(c.code3)}, ${str(siteText(c.code3))})`).join(", ")}) t(code3, sites))`,
  );
}

/** Table ref_sea: points at sea near each country (sites.json): code3, k, lat, lon. */
async function createSea(con: DuckDBConnection): Promise<void> {
  const SITES = siteData().countries;
  const sea = COUNTRIES.map((c) => `(${str(c.code3)}, ${str(SITES[c.code3]!.sea.map((x) => x.join(",")).join(";"))})`).join(", ");
  await con.run(
    `CREATE OR REPLACE TABLE ref_sea AS SELECT code3, (k - 1)::INT AS k, split_part(p, ',', 1)::DOUBLE AS lat,
       split_part(p, ',', 2)::DOUBLE AS lon
     FROM (SELECT code3, unnest(string_split(sea, ';')) AS p, generate_subscripts(string_split(sea, ';'), 1) AS k
       FROM (VALUES ${sea}) t(code3, sea))`,
  );
}

/**
 * Table ref_habitat_site (crop_code, k, wild, code3, sites, n, elev_lo, elev_hi): per taxon with a habitat, status
 * (wild, or landrace) and country, the sites its material is drawn from, and the elevation band it stays in.
 */
async function createHabitatSites(con: DuckDBConnection): Promise<void> {
  const rows: Record<string, string>[] = [];
  for (const c of CROPS) {
    for (const [k, t] of c.taxa.entries()) {
      const { native, grown } = rangesOf(c, t);
      for (const [wild, h, codes] of [[true, t.wildHabitat, native], [false, t.landraceHabitat, grown]] as const) {
        for (const code3 of h ? codes : []) {
          const sites = habitatSites(h!, code3);
          rows.push({
            crop_code: str(c.code),
            k: num(k),
            wild: String(wild),
            code3: str(code3),
            sites: `${numList(sites)}::INT[]`,
            n: num(sites.length),
            elev_lo: num(bandIn(h!, code3)[0]),
            elev_hi: num(bandIn(h!, code3)[1]),
          });
        }
      }
    }
  }
  await con.run(recordsTable("ref_habitat_site", rows));
}

/**
 * Table ref_donor (code3, wild, crop_code, donors, n): per country of origin, status and crop, the donors that give such
 * material (their countries, or wild material from anywhere; their crops), each as (i: 1-based index into data/donors.json,
 * y: the year it began). The passports draw among those that existed at the time (passports.ts).
 */
async function createDonors(con: DuckDBConnection): Promise<void> {
  const rows = COUNTRIES.flatMap((c) =>
    [true, false].flatMap((wild) =>
      CROPS.map((crop) => {
        const gives = DONORS.flatMap((d, i) =>
          (d.countries.includes(c.code3) || (wild && d.wildAnywhere)) && (!d.crops || d.crops.includes(crop.code))
            ? [`{'i': ${i + 1}, 'y': ${d.founded}}`]
            : []
        );
        return {
          code3: str(c.code3),
          wild: String(wild),
          crop_code: str(crop.code),
          donors: `[${gives.join(", ")}]::STRUCT(i INTEGER, y INTEGER)[]`,
          n: num(gives.length),
        };
      })
    )
  );
  await con.run(recordsTable("ref_donor", rows));
}
