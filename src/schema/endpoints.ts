/**
 * The service's endpoints, once: method, path and the label every error,
 * diagnostic, provenance record and cache entry names them by. The client's
 * transport requests them by this table and the sandbox registers its routes
 * from it (a test checks that both cover the same set).
 */
export const API = "/api/v2";

export interface Endpoint {
  method: "GET" | "POST";
  /** Path below the server root's /api/v2 (or below the root for OAuth); `{uuid}` marks a path parameter. */
  path: string;
  /** "POST /api/v2/acn/query": how messages, provenance and the cache name it. */
  label: string;
  /** Below the server root instead of /api/v2 (the OAuth endpoints). */
  root?: boolean;
  /**
   * Sending it twice does no harm, so a broken connection or a 503 may be retried: every GET, and the API's POSTs, which
   * are read-only queries (the filter travels in the body). Not the token endpoint (a refresh token may be used only once).
   */
  idempotent: boolean;
}

const api = (method: Endpoint["method"], path: string): Endpoint => ({ method, path, label: `${method} ${API}${path}`, idempotent: true });
const oauth = (method: Endpoint["method"], path: string): Endpoint => ({
  method,
  path,
  label: `${method} ${path}`,
  root: true,
  idempotent: method === "GET",
});

export const ENDPOINTS = {
  acnQuery: api("POST", "/acn/query"),
  acnFilter: api("POST", "/acn/filter"),
  accessionsDatasets: api("POST", "/dataset/accessions-datasets"),
  datatableList: api("POST", "/amphibian/datatable/list"),
  datasetData: api("POST", "/dataset/data"),
  descriptorDetails: api("POST", "/descriptor/list/details"),
  cropsList: api("GET", "/crops/list"),
  acnSpecies: api("POST", "/acn/species"),
  wiewsList: api("POST", "/wiews/list"),
  wiewsDecode: api("POST", "/vocabulary/wiews/decode"),
  acnOverview: api("POST", "/acn/overview"),
  subsetFilter: api("POST", "/subset/filter"),
  meProfile: api("GET", "/me/profile"),
  acnDetails: api("GET", "/acn/details/{uuid}"),
  /** The local sandbox only: what identifies its data (cache keys). */
  sandboxIdentity: api("GET", "/sandbox/identity"),
  oauthToken: oauth("POST", "/oauth/token"),
  oauthAuthorize: oauth("GET", "/oauth/authorize"),
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;
