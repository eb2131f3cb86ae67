/**
 * The catalogue methods of the public client (`g.crops()`, `g.species()`, `g.institutes()`, `g.instituteNames()`,
 * `g.overview()`, `g.accession()`, `g.subsets()`, `g.me()`): each checks its options, asks the look-up in catalogue.ts
 * and publishes the frame with its diagnostics and a provenance for data downloaded just now (look-ups are not cached).
 * `Genesys` extends this class, so the methods, their types and their documentation are the client's own.
 */
import { ENDPOINTS } from "../schema/endpoints.ts";
import type { DataFrame } from "nodejs-polars";
import type { AccessionFilterInput } from "../schema/filter.ts";
import type { Profile } from "../schema/catalogue.ts";
import {
  accession,
  crops,
  instituteNames,
  type InstituteQuery,
  institutes,
  type LookedUp,
  me,
  overview,
  species,
  type SubsetQuery,
  subsets,
} from "./catalogue.ts";
import { checkFilter } from "./check-filter.ts";
import { GenesysInputError } from "../kernel/errors.ts";
import { freshProvenance } from "../kernel/provenance.ts";
import { publish } from "../kernel/result.ts";
import type { Cancellable, Transport } from "./core/transport.ts";
import type { OverviewOptions } from "./core/option-schemas.ts";
import { checkOptions, shown } from "./options.ts";

const WIEWS_DECODE = ENDPOINTS.wiewsDecode.label;

/** The catalogue look-ups of a client; `Genesys` supplies the server and the transport. */
export abstract class CatalogueClient {
  /** The server's address, without `/api/v2`. */
  abstract readonly baseUrl: string;
  /** The client's transport (auth, retry, deadline). */
  protected abstract readonly t: Transport;

  /**
   * The crops Genesys knows (`GET /crops/list`, a TSV read by the CSV engine): shortName, name, …; with provenance and
   * diagnostics.
   * @example
   * ```ts
   * import { Genesys } from "genesys-notebook";
   * const crops = await Genesys.fromEnv().crops();
   * ```
   */
  async crops(opts: Cancellable = {}): Promise<DataFrame> {
    checkOptions("crops()", opts, ENDPOINTS.cropsList.label);
    return this.lookedUp("crops", {}, { l: 1000 }, ENDPOINTS.cropsList.label, await crops(this.t, opts));
  }

  /**
   * The species among the accessions matching a filter (`POST /acn/species`, a TSV), with counts.
   * @example
   * ```ts
   * import { Genesys } from "genesys-notebook";
   * const species = await Genesys.fromEnv().species({ crop: ["beans"] });
   * ```
   */
  async species(filter: AccessionFilterInput = {}, opts: Cancellable = {}): Promise<DataFrame> {
    checkOptions("species()", opts, ENDPOINTS.acnSpecies.label);
    const f = checkFilter(filter, ENDPOINTS.acnSpecies.label);
    return this.lookedUp("species", f, {}, ENDPOINTS.acnSpecies.label, await species(this.t, f, opts));
  }

  /**
   * Institutes (WIEWS) by code, country, and whether they have accessions (`POST /wiews/list`, TSV pages).
   * @example
   * ```ts
   * import { Genesys } from "genesys-notebook";
   * const colombian = await Genesys.fromEnv().institutes({ country: ["COL"], withAccessions: true });
   * ```
   */
  async institutes(query: InstituteQuery = {}): Promise<DataFrame> {
    checkOptions("institutes()", query, ENDPOINTS.wiewsList.label);
    const { signal: _, ...q } = query;
    return this.lookedUp("institutes", q, { l: 100 }, ENDPOINTS.wiewsList.label, await institutes(this.t, query));
  }

  /**
   * WIEWS codes to institute names (`POST /vocabulary/wiews/decode`); unknown codes are absent.
   * @example
   * ```ts
   * import { Genesys } from "genesys-notebook";
   * const names = await Genesys.fromEnv().instituteNames(["COL003", "PER001"]);
   * console.log(names.get("COL003"));
   * ```
   */
  async instituteNames(codes: string[], opts: Cancellable = {}): Promise<Map<string, string>> {
    checkOptions("instituteNames()", opts, WIEWS_DECODE);
    if (!Array.isArray(codes)) {
      throw new GenesysInputError(`instituteNames() takes an array of WIEWS codes, got ${shown(codes)}`, {
        endpoint: WIEWS_DECODE,
        hint: 'e.g. g.instituteNames(["COL003"])',
      });
    }
    return await instituteNames(this.t, codes, opts);
  }

  /**
   * How many accessions match a filter, before downloading them (`POST /acn/overview`): one row per field
   * and value (the `limit` most frequent, then "(other)" and "(missing)"), so each field adds up to the total (more for a
   * field with several values per accession, noted in `diagnostics(counts)`). An answer whose counts contradict its total
   * is a GenesysResponseError. The total and the service's filterCode are in `provenance(df)` (`rows`, `filterCode`) and
   * in `total`.
   * @example
   * ```ts
   * import { Genesys } from "genesys-notebook";
   * const { total, counts } = await Genesys.fromEnv().overview({ crop: ["maize"] }, { limit: 5 });
   * console.log(`${total} accessions`);
   * ```
   */
  async overview(
    filter: AccessionFilterInput = {},
    opts: OverviewOptions = {},
  ): Promise<{ total: number; counts: DataFrame }> {
    checkOptions("overview()", opts, ENDPOINTS.acnOverview.label);
    const f = checkFilter(filter, ENDPOINTS.acnOverview.label);
    const r = await overview(this.t, f, opts.limit ?? 10, opts);
    const counts = this.lookedUp("overview", f, { limit: opts.limit ?? 10 }, ENDPOINTS.acnOverview.label, r, r.total, r.filterCode);
    return { total: r.total, counts };
  }

  /**
   * One accession's full record, by UUID (`GET /acn/details/{uuid}`) or DOI: a one-row frame with dotted columns.
   * @example
   * ```ts
   * import { Genesys } from "genesys-notebook";
   * const one = await Genesys.fromEnv().accession("10.18730/JPV7P");
   * ```
   */
  async accession(uuidOrDoi: string, opts: Cancellable = {}): Promise<DataFrame> {
    checkOptions("accession()", opts, ENDPOINTS.acnDetails.label);
    return this.lookedUp("accession", { id: uuidOrDoi }, {}, ENDPOINTS.acnDetails.label, await accession(this.t, uuidOrDoi, opts));
  }

  /**
   * Subsets (core collections and other curated sets) by institute and crop (`POST /subset/filter`, all pages).
   * @example
   * ```ts
   * import { Genesys } from "genesys-notebook";
   * const cores = await Genesys.fromEnv().subsets({ crop: ["beans"] });
   * ```
   */
  async subsets(query: SubsetQuery = {}): Promise<DataFrame> {
    checkOptions("subsets()", query, ENDPOINTS.subsetFilter.label);
    const q = { institute: query.institute, crop: query.crop };
    return this.lookedUp("subsets", q, {}, ENDPOINTS.subsetFilter.label, await subsets(this.t, query));
  }

  /**
   * Who the token belongs to (`GET /me/profile`): a quick check that the token works.
   * @example
   * ```ts
   * import { Genesys } from "genesys-notebook";
   * const profile = await Genesys.fromEnv().me();
   * console.log(profile.email ?? profile.fullName);
   * ```
   */
  async me(opts: Cancellable = {}): Promise<Profile> {
    checkOptions("me()", opts, ENDPOINTS.meProfile.label);
    return await me(this.t, opts);
  }

  /** A look-up's frame published with its diagnostics and a provenance for data downloaded just now (not cached). */
  private lookedUp(
    kind: string,
    filter: unknown,
    options: Record<string, unknown>,
    endpoint: string,
    r: LookedUp,
    rows = r.df.height,
    filterCode?: string,
  ): DataFrame {
    const provenance = freshProvenance({ server: this.baseUrl, endpoints: [endpoint], kind, filter, options, rows, filterCode });
    return publish({ frames: { df: r.df }, provenance: { df: provenance }, diagnostics: { df: r.diagnostics } }).df;
  }
}
