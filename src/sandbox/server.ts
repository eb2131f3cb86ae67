/**
 * The Genesys API v2 sandbox: a node:http server (runs under Node and Deno)
 * over a generated DuckDB database. `startSandbox()` starts it in-process and
 * returns its URL, a ready bearer token and OAuth client credentials.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { DuckDBInstance } from "@duckdb/node-api";
import { TokenStore } from "./auth.ts";
import { FilterCodes, type Route, type SandboxSettings } from "./context.ts";
import { defaultCacheDir, openDatabase } from "./db.ts";
import { ExportSpool } from "./export-spool.ts";
import { HttpError } from "./http-error.ts";
import { Memo } from "./memo.ts";
import { readBody, sendError, sendJson } from "./http-io.ts";
import { acnFilter } from "./routes/acn-filter.ts";
import { acnQuery } from "./routes/acn-query.ts";
import { accessionsDatasets, datasetData, datatableList, descriptorDetails } from "./routes/traits.ts";

export interface SandboxOptions {
  /** TCP port; 0 picks a free one. Default 0. */
  port?: number;
  /** Interface to bind. Default 127.0.0.1. */
  host?: string;
  /** Number of generated accessions, 1,000 to 5,000,000. Default 20,000. */
  accessions?: number;
  /** Generator seed: the same seed gives the same data. Default 42. */
  seed?: number;
  /** Cache directory for the generated database, or false for in-memory. Default: in memory below 200,000 accessions, else a temp-dir cache. */
  cache?: string | false;
  /** Lifetime of issued tokens, seconds. Default 3600. */
  tokenTtlSeconds?: number;
  clientId?: string;
  clientSecret?: string;
  /** CSV delimiter of /acn/query. Default tab, like the real service. */
  delimiter?: "\t" | ",";
  /** Pace CSV exports to this many bytes/s, to mimic a real link (0 = off). */
  throttleBytesPerSecond?: number;
  /** Bytes of finished CSV exports kept on disk for repeated requests (0 = none). Default 2 GB. */
  exportCacheBytes?: number;
  log?: (msg: string) => void;
}

export interface Sandbox {
  /** Base URL, e.g. http://127.0.0.1:40123 (endpoints are under /api/v2). */
  url: string;
  /** A bearer token valid for tokenTtlSeconds. */
  token: string;
  clientId: string;
  clientSecret: string;
  accessions: number;
  seed: number;
  db: DuckDBInstance;
  /** Directory where CSV exports are rendered and kept (removed by close()). */
  exportSpoolDir: string;
  /** Issues another token (e.g. with a short lifetime for tests). */
  issueToken(ttlSeconds?: number): string;
  close(): Promise<void>;
}

const API = "/api/v2";
const ROUTES: Record<string, Route> = {
  [`${API}/acn/query`]: acnQuery,
  [`${API}/acn/filter`]: acnFilter,
  [`${API}/dataset/accessions-datasets`]: accessionsDatasets,
  [`${API}/amphibian/datatable/list`]: datatableList,
  [`${API}/dataset/data`]: datasetData,
  [`${API}/descriptor/list/details`]: descriptorDetails,
};

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const accessions = options.accessions ?? 20_000;
  const seed = options.seed ?? 42;
  const cache = options.cache ?? (accessions >= 200_000 ? defaultCacheDir() : false);
  const db = await openDatabase({ accessions, seed, cache, log: options.log });
  const clientId = options.clientId ?? "sandbox.genesys-notebook@sandbox.local";
  const clientSecret = options.clientSecret ?? "sandbox-secret-0123456789abcdef";
  const tokens = new TokenStore({ clientId, clientSecret }, options.tokenTtlSeconds ?? 3600);
  const settings: SandboxSettings = { delimiter: options.delimiter ?? "\t", throttleBytesPerSecond: options.throttleBytesPerSecond ?? 0 };
  const filterCodes = new FilterCodes();
  const spool = new ExportSpool({ maxBytes: options.exportCacheBytes ?? 2e9 });
  const memo = new Memo<Int32Array>(16);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? "/", "http://sandbox.local");
    const path = url.pathname.replace(/\/+$/, "");
    try {
      if (path === "/oauth/token") {
        if (req.method !== "POST") throw new HttpError(405, "use POST /oauth/token", { allow: "POST" });
        const body = await readBody(req);
        try {
          const form = body.form ?? new Map(Object.entries((body.json ?? {}) as Record<string, string>));
          return sendJson(req, res, 200, tokens.grant(req, form), { "cache-control": "no-store" });
        } catch (e) {
          if (e instanceof HttpError) {
            return sendJson(req, res, e.status, { error: e.message, error_description: e.message === "invalid_client" ? "unknown client_id or wrong client_secret" : "only grant_type=client_credentials is supported" });
          }
          throw e;
        }
      }
      const route = ROUTES[path];
      if (!route) throw new HttpError(404, `no endpoint ${path}; the sandbox serves POST ${Object.keys(ROUTES).join(", ")} and POST /oauth/token`);
      const endpoint = `POST ${path}`;
      if (req.method !== "POST") throw new HttpError(405, `${req.method} ${path}: the Genesys API v2 uses POST for this endpoint`, { allow: "POST" });
      tokens.check(req, endpoint);
      const body = await readBody(req);
      await route({ req, res, url, body, endpoint, db, settings, filterCodes, spool, memo });
    } catch (e) {
      if (res.headersSent) {
        res.destroy(e as Error);
        return;
      }
      if (e instanceof HttpError) return sendError(req, res, e);
      options.log?.(`internal error on ${req.method} ${path}: ${(e as Error).stack}`);
      return sendError(req, res, new HttpError(500, `internal sandbox error: ${(e as Error).message}`));
    }
  };

  const server: Server = createServer((req, res) => void handle(req, res));
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const addr = server.address() as AddressInfo;
  const host = addr.family === "IPv6" ? `[${addr.address}]` : addr.address;
  return {
    url: `http://${host}:${addr.port}`,
    token: tokens.issue(),
    clientId,
    clientSecret,
    accessions,
    seed,
    db,
    exportSpoolDir: spool.dir,
    issueToken: (ttl?: number) => tokens.issue(ttl),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => {
          db.closeSync();
          spool.close();
          resolve();
        });
      }),
  };
}
