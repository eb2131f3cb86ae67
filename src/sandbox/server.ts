/**
 * The Genesys API v2 sandbox: a node:http server (runs under Node and Deno)
 * over a generated DuckDB database. `startSandbox()` starts it in-process and
 * returns its URL, a ready bearer token and OAuth client credentials.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { DuckDBInstance } from "@duckdb/node-api";
import { authorizeEndpoint, newConsentCode, tokenEndpoint, TokenStore } from "./auth.ts";
import { FilterCodes, type Route, type SandboxSettings } from "./http/context.ts";
import { defaultCacheDir, GENERATOR_VERSION, generatorInputs, openDatabase } from "./db.ts";
import { ExportSpool } from "./http/export-spool.ts";
import { DEFAULT_PLANT_RATE } from "./generator/planted.ts";
import { plantDups } from "./generator/duplicates.ts";
import { HttpError } from "./http/error.ts";
import { Memo } from "./http/memo.ts";
import { checkQuery, readBody, sendError, sendJson } from "./http/io.ts";
import { API, ENDPOINTS } from "../schema/endpoints.ts";
import { acnFilter } from "./routes/acn-filter.ts";
import { acnQuery } from "./routes/acn-query.ts";
import { accessionsDatasets, datasetData, datatableList, descriptorDetails } from "./routes/traits.ts";
import { acnDetails, acnOverview, acnSpecies, cropsList, meProfile, subsetFilter, wiewsDecode, wiewsList } from "./routes/catalogue.ts";
import { DEFAULT_ACCESSIONS, DEFAULT_SEED } from "./defaults.ts";

export interface SandboxOptions {
  /** TCP port; 0 picks a free one. Default 0. */
  port?: number;
  /** Interface to bind. Default 127.0.0.1. */
  host?: string;
  /** Number of generated accessions, 1,000 to 5,000,000. Default 20,000. */
  accessions?: number;
  /** Generator seed: the same seed gives the same data. Default 42. */
  seed?: number;
  /**
   * Cache directory for the generated database, or false for in-memory. Default: in memory below 200,000 accessions, else a
   * temp-dir cache.
   */
  cache?: string | false;
  /** Lifetime of issued tokens, seconds. Default 3600. */
  tokenTtlSeconds?: number;
  clientId?: string;
  /** Client secret for /oauth/token. Default: a new random one per start (printed by the CLI). */
  clientSecret?: string;
  /** What the sandbox user gives /oauth/authorize to approve a login. Default: a new random one per start (printed by the CLI). */
  consentCode?: string;
  /** Lifetime of authorization codes, seconds. Default 60. */
  authCodeTtlSeconds?: number;
  /** Lifetime of refresh tokens, seconds. Default 14 days. */
  refreshTokenTtlSeconds?: number;
  /**
   * Host header names answered besides loopback names (localhost, 127.0.0.1, [::1]) and the bound address; "*" answers any (DNS
   * rebinding then reaches the sandbox).
   */
  allowedHosts?: string[];
  /** Longest a request's database work may run, ms. Default 120,000. */
  requestBudgetMs?: number;
  /** CSV delimiter of /acn/query. Default tab, like the real service. */
  delimiter?: "\t" | ",";
  /** Pace CSV exports to this many bytes/s, to mimic a real link (0 = off). */
  throttleBytesPerSecond?: number;
  /** Bytes of finished CSV exports kept on disk for repeated requests (0 = none). Default 2 GB. */
  exportCacheBytes?: number;
  /**
   * Plant known passport errors (docs/quality.md): the share of accessions drawn for one, or true for 2 %. Default none.
   * `readPlantedErrors(sandbox.db)` lists them.
   */
  plantErrors?: number | boolean;
  /** Plant known duplicates (generator/duplicates.ts): the share of groups drawn, or true for 2 %; `readPlantedDuplicates(sandbox.db)`. */
  plantDuplicates?: number | boolean;
  log?: (msg: string) => void;
}

export interface Sandbox {
  /** Base URL, e.g. http://127.0.0.1:40123 (endpoints are under /api/v2). */
  url: string;
  /** A bearer token valid for tokenTtlSeconds. */
  token: string;
  clientId: string;
  clientSecret: string;
  /**
   * Approves an interactive login: `GET /oauth/authorize?…&consent=<code>` redirects with an authorization code; without
   * `consent` the sandbox shows a page asking for it.
   */
  consentCode: string;
  accessions: number;
  seed: number;
  db: DuckDBInstance;
  /** Directory where CSV exports are rendered and kept (removed by close()). */
  exportSpoolDir: string;
  /** Issues another token (e.g. with a short lifetime for tests). */
  issueToken(ttlSeconds?: number): string;
  /** How many tokens POST /oauth/token has granted (client-credentials caching is observable). */
  tokensGranted(): number;
  /** Forgets every token, as a restart of the real service would: the next request with one gets 401. */
  revokeTokens(): void;
  /** OAuth state held: access tokens, authorization codes not yet used, refresh tokens (bounded, see docs/sandbox.md). */
  oauthState(): { accessTokens: number; pendingCodes: number; refreshTokens: number };
  close(): Promise<void>;
}

/** "METHOD path" -> route, registered from the endpoint table (src/schema/endpoints.ts) the client requests by. */
const ROUTES: Record<string, Route> = {
  [ENDPOINTS.acnQuery.label]: acnQuery,
  [ENDPOINTS.acnFilter.label]: acnFilter,
  [ENDPOINTS.accessionsDatasets.label]: accessionsDatasets,
  [ENDPOINTS.datatableList.label]: datatableList,
  [ENDPOINTS.datasetData.label]: datasetData,
  [ENDPOINTS.descriptorDetails.label]: descriptorDetails,
  [ENDPOINTS.cropsList.label]: cropsList,
  [ENDPOINTS.acnSpecies.label]: acnSpecies,
  [ENDPOINTS.wiewsList.label]: wiewsList,
  [ENDPOINTS.wiewsDecode.label]: wiewsDecode,
  [ENDPOINTS.acnOverview.label]: acnOverview,
  [ENDPOINTS.subsetFilter.label]: subsetFilter,
  [ENDPOINTS.meProfile.label]: meProfile,
};
/** Routes with a path parameter (`{uuid}` in the table). */
const PATTERNS: [string, RegExp, Route][] = [[
  ENDPOINTS.acnDetails.method,
  new RegExp(`^${API}${ENDPOINTS.acnDetails.path.replace("{uuid}", "([^/]+)")}$`),
  acnDetails,
]];

/** The route for a request, its path parameters, or the methods the path does take (405). */
function findRoute(method: string, path: string): { route?: Route; params: string[]; allowed: string[] } {
  const exact = ROUTES[`${method} ${path}`];
  if (exact) return { route: exact, params: [], allowed: [] };
  for (const [m, re, route] of PATTERNS) {
    const hit = re.exec(path);
    if (hit && m === method) {
      try {
        return { route, params: hit.slice(1).map(decodeURIComponent), allowed: [] };
      } catch {
        throw new HttpError(400, `${method} ${path.slice(0, 200)}: malformed percent-escape in the path`);
      }
    }
  }
  const allowed = [
    ...Object.keys(ROUTES).filter((k) => k.endsWith(` ${path}`)).map((k) => k.split(" ")[0]!),
    ...PATTERNS.filter(([, re]) => re.test(path)).map(([m]) => m),
  ];
  return { params: [], allowed };
}

/**
 * @example
 * ```ts
 * import { startSandbox } from "genesys-notebook/sandbox";
 * const sb = await startSandbox({ accessions: 50_000, throttleBytesPerSecond: 50e6 });
 * console.log(sb.url, sb.token);
 * await sb.close();
 * ```
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const data = dataOptions(options);
  const spool = new ExportSpool({ maxBytes: options.exportCacheBytes ?? 2e9 });
  let db: DuckDBInstance;
  try {
    // DuckDB may write files only in the spool directory once the data is loaded
    db = await openDatabase({ ...data, allowedDirectories: [spool.dir], log: options.log });
  } catch (e) {
    spool.close();
    throw e;
  }
  const auth = authOf(options);
  const state: ServerState = {
    db,
    spool,
    tokens: auth.tokens,
    settings: { delimiter: options.delimiter ?? "\t", throttleBytesPerSecond: options.throttleBytesPerSecond ?? 0 },
    filterCodes: new FilterCodes(),
    // id lists of the most recent queries, at most 256 MB
    memo: new Memo<Int32Array>(16, 256 * 1024 * 1024, (ids) => ids.byteLength),
    budgetMs: options.requestBudgetMs ?? 120_000,
    // what identifies the generated data (the client keys its cache by it, not by the port): header on every answer and
    // GET /sandbox/identity
    identity: sandboxIdentity(data.accessions, data.seed, data.plantErrors) + (data.plantDuplicates ? `-d${data.plantDuplicates}` : ""),
    hosts: new Set(),
    log: options.log,
  };
  const server = await listen(state, options);
  return {
    url: `http://${hostOf(server)}:${(server.address() as AddressInfo).port}`,
    token: auth.tokens.issue(),
    clientId: auth.clientId,
    clientSecret: auth.clientSecret,
    consentCode: auth.consentCode,
    accessions: data.accessions,
    seed: data.seed,
    db,
    exportSpoolDir: spool.dir,
    issueToken: (ttl?: number) => auth.tokens.issue(ttl),
    tokensGranted: () => auth.tokens.granted,
    revokeTokens: () => auth.tokens.revokeAll(),
    oauthState: () => auth.tokens.sizes,
    close: () =>
      new Promise<void>((resolve) => {
        spool.stopAll();
        server.closeAllConnections?.();
        server.close(() => {
          db.closeSync();
          spool.close();
          resolve();
        });
      }),
  };
}

/** What the generated data are: size, seed, cache, planted errors and duplicates (the options' defaults applied). */
function dataOptions(options: SandboxOptions) {
  const accessions = options.accessions ?? DEFAULT_ACCESSIONS;
  return {
    accessions,
    seed: options.seed ?? DEFAULT_SEED,
    cache: options.cache ?? (accessions >= 200_000 ? defaultCacheDir() : false),
    plantErrors: options.plantErrors === true ? DEFAULT_PLANT_RATE : Number(options.plantErrors || 0),
    plantDuplicates: plantDups(options),
  };
}

/** The OAuth client, the consent code and the token store. */
function authOf(options: SandboxOptions) {
  const clientId = options.clientId ?? "sandbox.genesys-notebook@sandbox.local";
  const clientSecret = options.clientSecret ?? randomBytes(24).toString("base64url");
  const consentCode = options.consentCode ?? newConsentCode();
  const tokens = new TokenStore({ clientId, clientSecret }, {
    ttlSeconds: options.tokenTtlSeconds ?? 3600,
    consentCode,
    codeTtlSeconds: options.authCodeTtlSeconds,
    refreshTtlSeconds: options.refreshTokenTtlSeconds,
  });
  return { clientId, clientSecret, consentCode, tokens };
}

/** What the request handler works with. */
interface ServerState {
  db: DuckDBInstance;
  spool: ExportSpool;
  tokens: TokenStore;
  settings: SandboxSettings;
  filterCodes: FilterCodes;
  memo: Memo<Int32Array>;
  budgetMs: number;
  identity: string;
  /** Host header names answered: set once the port is known. */
  hosts: Set<string>;
  log?: (msg: string) => void;
}

/** The bound address as a URL host (IPv6 in brackets). */
function hostOf(server: Server): string {
  const addr = server.address() as AddressInfo;
  return addr.family === "IPv6" ? `[${addr.address}]` : addr.address;
}

/** Starts the HTTP server on the options' host and port, and fills in the Host names it answers. */
async function listen(state: ServerState, options: SandboxOptions): Promise<Server> {
  const server: Server = createServer((req, res) => {
    handle(state, req, res).catch(() => res.destroy());
  });
  // a request line or headers node:http cannot parse: answer 400 and close, never throw
  server.on("clientError", (_err, socket) => {
    if (socket.writable) {
      socket.end(
        "HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 47\r\n\r\n" +
          '{"error":"malformed HTTP request","status":400}',
      );
    } else socket.destroy();
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const names = ["localhost", "127.0.0.1", "[::1]", hostOf(server), options.host ?? "127.0.0.1", ...(options.allowedHosts ?? [])];
  for (const h of names) state.hosts.add(h.toLowerCase());
  return server;
}

/**
 * Endpoints of the sandbox itself (not of the Genesys API): its identity and the OAuth endpoints. Another local
 * endpoint is one entry here.
 */
const LOCAL_ENDPOINTS: Record<string, (state: ServerState, req: IncomingMessage, res: ServerResponse, url: URL) => void | Promise<void>> = {
  [`${API}/sandbox/identity`]: (state, req, res) => {
    if (req.method !== "GET") throw new HttpError(405, `use GET ${API}/sandbox/identity`, { allow: "GET" });
    return sendJson(req, res, 200, { data: state.identity });
  },
  "/oauth/authorize": (state, req, res, url) => authorizeEndpoint(req, res, url, state.tokens),
  "/oauth/token": (state, req, res) => tokenEndpoint(req, res, state.tokens),
};

/** Answers one request: a local endpoint or an API route, within the time budget; errors as JSON, never a crash. */
async function handle(state: ServerState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  let path = "?";
  // aborts when the client goes away before the answer is complete, or the budget runs out: database work stops
  const ac = new AbortController();
  const budget = setTimeout(() => ac.abort(overBudget(state.budgetMs)), state.budgetMs);
  res.once("close", () => {
    clearTimeout(budget);
    if (!res.writableFinished) ac.abort(new HttpError(499, "client disconnected"));
  });
  try {
    checkHost(req, state.hosts);
    res.setHeader("x-genesys-sandbox-data", state.identity);
    const url = requestUrl(req.url);
    path = url.pathname.replace(/\/+$/, "");
    checkQuery(url);
    const local = LOCAL_ENDPOINTS[path];
    if (local) return await local(state, req, res, url);
    const method = req.method ?? "GET";
    const route = routeOf(method, path);
    const endpoint = `${method} ${path}`;
    const subject = state.tokens.check(req, endpoint);
    const body = await readBody(req);
    const { db, settings, filterCodes, spool, memo } = state;
    await route.route({
      req,
      res,
      url,
      body,
      endpoint,
      db,
      settings,
      filterCodes,
      spool,
      memo,
      signal: ac.signal,
      params: route.params,
      subject,
    });
  } catch (e) {
    if (res.headersSent || res.destroyed) {
      res.destroy();
      return;
    }
    if (e instanceof HttpError) return sendError(req, res, e);
    // never echo the database's message: it may quote SQL
    state.log?.(`internal error on ${req.method} ${path}: ${(e as Error).stack}`);
    return sendError(req, res, new HttpError(500, `internal sandbox error on ${path}; the sandbox log has the details`));
  }
}

/** The error a request gets when it runs past the time budget. */
function overBudget(budgetMs: number): HttpError {
  return new HttpError(
    400,
    `the request ran past the sandbox's time budget of ${budgetMs / 1000} s; narrow the filter or request smaller pages`,
  );
}

/** The API route of a request and its path parameters; 405 naming the methods a known path takes, else 404. */
function routeOf(method: string, path: string): { route: Route; params: string[] } {
  const { route, params, allowed } = findRoute(method, path);
  if (route) return { route, params };
  if (allowed.length) {
    throw new HttpError(405, `${method} ${path}: the Genesys API v2 uses ${allowed.join(", ")} for this endpoint`, {
      allow: allowed.join(", "),
    });
  }
  throw new HttpError(
    404,
    `no endpoint ${path}; the sandbox serves ${Object.keys(ROUTES).join(", ")}, GET ${API}/acn/details/{uuid} and the OAuth endpoints`,
  );
}

/**
 * `g<generator version>.<8 hex of its other inputs>-s<seed>-n<accessions>`: sandboxes with the same identity serve the
 * same data (a new sites or climate-regions file is other data: generatorInputs()).
 */
export function sandboxIdentity(accessions: number, seed: number, plantErrors = 0): string {
  // planted errors change the data: another identity (the cache key of a client)
  return `g${GENERATOR_VERSION}.${generatorInputs().slice(0, 8)}-s${seed}-n${accessions}${plantErrors ? `-p${plantErrors}` : ""}`;
}

/** The request target as a URL; `//`, `*` and other odd targets are paths, never a crash. */
function requestUrl(target: string | undefined): URL {
  const t = target ?? "/";
  try {
    return new URL(`http://sandbox.local${t.startsWith("/") ? t : `/${t}`}`);
  } catch {
    throw new HttpError(400, `malformed request target ${JSON.stringify(t.slice(0, 100))}`);
  }
}

/**
 * Answers only Host names the sandbox was started for: a web page that
 * points a DNS name at 127.0.0.1 (DNS rebinding) gets 403, not data.
 */
function checkHost(req: IncomingMessage, allowed: Set<string>): void {
  const header = req.headers.host;
  if (!header || allowed.has("*")) return;
  const name = header.toLowerCase().replace(/:\d+$/, "");
  if (!allowed.has(name)) {
    throw new HttpError(
      403,
      `Host '${header.slice(0, 100)}' is not answered: the sandbox is for local use and answers loopback names only ` +
        "(startSandbox({ allowedHosts }) or --allowed-host to add one)",
    );
  }
}
