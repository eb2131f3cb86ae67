/**
 * Every public method's options, declared once: each option is a zod schema (checked at run time by
 * `checkOptions()`, client/options.ts) whose `.describe()` says what it accepts in words for messages, and the JSDoc
 * on its key documents it in the editor. The TypeScript types (`PassportOptions`, `GenesysOptions`…) are inferred from
 * these schemas (`z.input`), so the two cannot drift. Options that shape a request are read by the rooms above
 * (export/, traits/, catalogue.ts) through these types.
 */
import { z } from "zod";
import type { Dispatcher } from "undici";
import type { Diagnostics } from "../../kernel/diagnostics.ts";
import type { Progress } from "../../kernel/progress.ts";
import type { RetryEvent } from "./retry.ts";
import type { TokenProvider } from "./auth.ts";

/** An option: its schema, optional, described by what it accepts (shown in messages). */
const opt = <T extends z.ZodType>(schema: T, accepts: string) => schema.optional().describe(accepts);
const fn = <F>() => z.custom<F>((v) => typeof v === "function");

const signal = () =>
  opt(
    z.custom<AbortSignal>((v) => typeof AbortSignal !== "undefined" && v instanceof AbortSignal),
    "an AbortSignal (e.g. AbortSignal.timeout(60_000))",
  );
const bool = () => opt(z.boolean(), "true or false");
const str = () => opt(z.string().min(1), "a non-empty string");
const strings = (example: string) => opt(z.array(z.string().min(1)), `an array of strings, e.g. ${example}`);
const int = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  opt(
    z.number().int().min(min).max(max),
    max === Number.MAX_SAFE_INTEGER ? `an integer >= ${min}` : `an integer from ${min} to ${max.toLocaleString("en")}`,
  );
const ms = () => opt(z.number().min(0), "a number of milliseconds >= 0");
const positiveMs = () => opt(z.number().positive(), "a number of milliseconds > 0");

const CACHE_MODES = ["off", "on", "refresh", "offline"] as const;
const cacheMode = z.enum(CACHE_MODES);
const cache = () =>
  opt(
    z.union([cacheMode, z.strictObject({ mode: cacheMode.optional(), ttlMs: z.number().min(0).optional() })]),
    `one of ${CACHE_MODES.map((m) => `"${m}"`).join(", ")}, or { mode, ttlMs }`,
  );

const NUMERIC = ["list", "mean", "median", "min", "max", "first", "count"] as const;
const CODED = ["list", "mode", "first", "count"] as const;
const OTHER = ["list", "first", "count"] as const;
const quoted = (xs: readonly string[], sep: string) => xs.map((m) => `"${m}"`).join(sep);

/**
 * A method's options schema, typed by its shape constant (not by inference), so that the built declarations keep the
 * JSDoc of every key and an editor shows it on the inferred options type.
 */
type Strict<S extends z.ZodRawShape> = z.ZodObject<S, z.core.$strict>;
const strict = <S extends z.ZodRawShape>(shape: S): Strict<S> => z.strictObject(shape);

/** The transport's settings (timeouts, retries, limits), part of every client's options. */
const TRANSPORT_OPTIONS = {
  /** Retries after the first attempt, on 429/502/503/504 and broken connections. Default 4. */
  retries: int(0, 20),
  /** First backoff delay, ms (doubles each time, with jitter). Default 500. */
  backoffMs: ms(),
  /** Longest wait honoured from Retry-After, ms. Default 60,000. */
  maxRetryAfterMs: ms(),
  /** Headers timeout, and longest pause between two pieces of a body, ms. Default 120,000. */
  timeoutMs: positiveMs(),
  /** Largest JSON response after decompression, bytes. Default 512 MB. */
  maxJsonBytes: opt(z.number().positive(), "a number of bytes > 0"),
  /** Longest a whole request may take, body included, ms (a server that trickles forever). Default: no limit. */
  deadlineMs: positiveMs(),
  /** Fewest bytes a second a body must bring, averaged over `throughputWindowMs`. Default 0 (no limit). */
  minBytesPerSecond: opt(z.number().min(0), "a number >= 0"),
  /** Window of the throughput check, ms. Default 30,000. */
  throughputWindowMs: positiveMs(),
  /** The User-Agent header. Default `genesys-notebook/<version>`. */
  userAgent: str(),
  /** The undici Dispatcher requests go through (default: a keep-alive pool of 16 connections). */
  dispatcher: opt(z.custom<Dispatcher>((v) => typeof v === "object" && v !== null), "an undici Dispatcher"),
  /** Called before each retry (default: one line on stderr). */
  onRetry: opt(fn<(r: RetryEvent) => void>(), "a function"),
};
export const TransportSettingsSchema: Strict<typeof TRANSPORT_OPTIONS> = strict(TRANSPORT_OPTIONS);
export type TransportSettings = z.input<typeof TransportSettingsSchema>;

const CLIENT_OPTIONS = {
  ...TRANSPORT_OPTIONS,
  /** Server root, e.g. https://api.genesys-pgr.org or the sandbox URL (no /api/v2). */
  baseUrl: z.string().min(1).describe('the server root as a string, e.g. "https://api.genesys-pgr.org"'),
  /** A ready access token. */
  token: opt(z.string(), "an access token (a string)"),
  /** OAuth client id; with `clientSecret`, the client fetches and refreshes tokens itself. */
  clientId: str(),
  /** OAuth client secret (kept in memory only, never shown). */
  clientSecret: str(),
  /** Default on-disk cache for passports, accessions, datasets, descriptors and traits: "off" (default), "on", "refresh", "offline". */
  cache: cache(),
  /** Cache directory. Default `$GENESYS_CACHE_DIR`, else the platform's user cache directory. */
  cacheDir: opt(z.string().min(1), "a folder path (a string)"),
  /** Where tokens come from, for flows other than a token or client credentials (Genesys.login() sets it). */
  tokens: opt(z.custom<TokenProvider>((v) => typeof (v as { token?: unknown } | null)?.token === "function"), "a TokenProvider"),
};
/** `new Genesys(options)`. */
export const GenesysOptionsSchema: Strict<typeof CLIENT_OPTIONS> = strict(CLIENT_OPTIONS);
export type GenesysOptions = z.input<typeof GenesysOptionsSchema>;

const LOGIN_OPTIONS = {
  /** Server root, e.g. https://api.genesys-pgr.org or a sandbox URL. */
  baseUrl: CLIENT_OPTIONS.baseUrl,
  /** The OAuth client registered for interactive login (Genesys: ask helpdesk@genesys-pgr.org; the sandbox accepts "genesys-notebook"). */
  clientId: str(),
  /** Only for clients registered with a secret; public clients rely on PKCE. */
  clientSecret: str(),
  /**
   * Port of the callback on 127.0.0.1; must match the redirect URI registered for the client.
   * Default 48913 (as the R client); 0 = any free port.
   */
  redirectPort: int(0, 65535),
  /** Default "openid". */
  scope: str(),
  /** Opens the authorization URL (default: print it, and show a link in Jupyter). */
  open: opt(fn<(url: string) => void | Promise<void>>(), "a function"),
  /** How long to wait for the browser to come back. Default 5 minutes. */
  loginTimeoutMs: positiveMs(),
  /** Ends the login (the wait for the browser, the code exchange) with a GenesysAbortError. */
  signal: signal(),
};
/** What `Genesys.login()` itself uses. */
export const LoginOptionsSchema: Strict<typeof LOGIN_OPTIONS> = strict(LOGIN_OPTIONS);
export type LoginOptions = z.input<typeof LoginOptionsSchema>;
/** `Genesys.login(options)`: the login's options and the client's, but the other ways of authenticating. */
const { token: _token, tokens: _tokens, ...CLIENT_WITHOUT_TOKENS } = CLIENT_OPTIONS;
const GENESYS_LOGIN_OPTIONS = { ...CLIENT_WITHOUT_TOKENS, ...LOGIN_OPTIONS };
export const GenesysLoginOptionsSchema: Strict<typeof GENESYS_LOGIN_OPTIONS> = strict(GENESYS_LOGIN_OPTIONS);
export type GenesysLoginOptions = z.input<typeof GenesysLoginOptionsSchema>;

const EXPORT_OPTIONS = {
  /**
   * Columns: MCPD names (INSTCODE, ACCENUMB…), service paths (instituteCode,
   * taxonomy.genus…) or "path ALIAS". Default: the 49 MCPD fields.
   */
  select: strings('["ACCENUMB", "ORIGCTY"]'),
  /** Stop after this many rows. Default: all matching rows. */
  limit: int(1),
  /** Rows per request, at most 1,000,000 (the default). */
  pageSize: int(1, 1_000_000),
  /** Called as blocks of rows are parsed. */
  onProgress: opt(fn<(p: Progress) => void>(), "a function"),
  /** Add `<COL>_date` Date columns next to complete ACQDATE/COLLDATE values. Default true. */
  parseDates: bool(),
  /** Cancels the download (a notebook interrupt); block files are removed and GenesysAbortError is thrown. */
  signal: signal(),
  /** Called once when values had to be read another way (default: one line on stderr). Also readable with diagnostics(df). */
  onDiagnostics: opt(fn<(d: Diagnostics) => void>(), "a function"),
};
/** `passports()` and `passportBatches()`. */
const PASSPORT_OPTIONS = {
  ...EXPORT_OPTIONS,
  /**
   * Add label columns after coded MCPD columns (SAMPSTAT_label, COLLSRC_label, STORAGE_label, MLSSTAT_label,
   * ORIGCTY_name) and INSTCODE_name from the institutes look-up; the code columns are unchanged.
   */
  decode: bool(),
  /** On-disk cache for this call (default: the client's `cache` option, else "off"); see docs/api.md#cache. */
  cache: cache(),
};
export const PassportOptionsSchema: Strict<typeof PASSPORT_OPTIONS> = strict(PASSPORT_OPTIONS);
export type PassportOptions = z.input<typeof PassportOptionsSchema>;

/** `passportsToParquet()`. */
const PARQUET_OPTIONS = {
  ...EXPORT_OPTIONS,
  /** Go on after the last complete page of an export cut off in the same folder (default true). */
  resume: bool(),
  /** How long an unfinished export in the folder may be resumed, ms. */
  ttlMs: ms(),
  /** Parquet compression of the parts. Default "snappy". */
  compression: opt(
    z.enum(["uncompressed", "snappy", "lz4", "zstd", "gzip"]),
    '"snappy" (the default), "zstd", "lz4", "gzip" or "uncompressed"',
  ),
};
export const ParquetOptionsSchema: Strict<typeof PARQUET_OPTIONS> = strict(PARQUET_OPTIONS);
export type ParquetOptions = z.input<typeof ParquetOptionsSchema>;

/** `traits()`. */
const TRAITS_OPTIONS = {
  /** Only these datasets, by UUID or title (any case; default: every dataset with data for the filter; g.datasets(filter) lists them). */
  datasets: strings('["c5f1…"] (dataset UUIDs or titles)'),
  /** Only these descriptors: UUIDs, titles, column names (`name`) or short column names (`columnName`), any case. */
  descriptors: strings('["Seed iron content"]'),
  /**
   * One value per accession, dataset and descriptor instead of a List: a reduction for every type ("first", "count",
   * "list"; "mean", "median", "min", "max" for numeric and "mode" for coded descriptors), or one per kind.
   */
  aggregate: opt(
    z.union([
      z.enum(NUMERIC),
      z.strictObject({ numeric: z.enum(NUMERIC).optional(), coded: z.enum(CODED).optional(), other: z.enum(OTHER).optional() }),
    ]),
    `one of ${quoted(NUMERIC, ", ")}, or { numeric, coded: ${quoted(CODED, "|")}, other: ${quoted(OTHER, "|")} }`,
  ),
  /** CODED/SCALE labels instead of codes. Default false. */
  decode: bool(),
  /** Rows per /dataset/data request, 1 to 1,000 (default 1,000). */
  pageSize: int(1, 1_000),
  /** On-disk cache for this call (default: the client's `cache` option, else "off"). */
  cache: cache(),
  /** Rows received so far over all datasets; `label` is the dataset's title. */
  onProgress: opt(fn<(p: Progress) => void>(), "a function"),
  /** Cancels the requests (a notebook interrupt) with a GenesysAbortError. */
  signal: signal(),
};
export const TraitsOptionsSchema: Strict<typeof TRAITS_OPTIONS> = strict(TRAITS_OPTIONS);
export type TraitsOptions = z.input<typeof TraitsOptionsSchema>;

/** Methods that take only a signal: `crops()`, `species()`, `instituteNames()`, `accession()`, `me()`. */
const CANCELLABLE = {
  /** Cancels the request and its body (a notebook interrupt) with a GenesysAbortError. */
  signal: signal(),
};
export const CancellableSchema: Strict<typeof CANCELLABLE> = strict(CANCELLABLE);
export type Cancellable = z.input<typeof CancellableSchema>;

/** `datasets()` and `descriptors()`: a signal and the cache mode. */
const FRAME_OPTIONS = {
  ...CANCELLABLE,
  /** On-disk cache for this call (default: the client's `cache` option, else "off"). */
  cache: cache(),
};
export const FrameOptionsSchema: Strict<typeof FRAME_OPTIONS> = strict(FRAME_OPTIONS);
export type FrameOptions = z.input<typeof FrameOptionsSchema>;

/** `api.accessionIterator()`. */
const ITERATOR_OPTIONS = {
  ...CANCELLABLE,
  /** Page size, 1 to 1,000. Default 1,000. */
  size: int(1, 1_000),
};
export const IteratorOptionsSchema: Strict<typeof ITERATOR_OPTIONS> = strict(ITERATOR_OPTIONS);
export type IteratorOptions = z.input<typeof IteratorOptionsSchema>;

/** `accessions()`. */
const ACCESSIONS_OPTIONS = {
  ...ITERATOR_OPTIONS,
  /** On-disk cache for this call (default: the client's `cache` option, else "off"). */
  cache: cache(),
};
export const AccessionsOptionsSchema: Strict<typeof ACCESSIONS_OPTIONS> = strict(ACCESSIONS_OPTIONS);
export type AccessionsOptions = z.input<typeof AccessionsOptionsSchema>;

/** `institutes()`. */
const INSTITUTE_QUERY = {
  ...CANCELLABLE,
  /** WIEWS codes, e.g. ["COL003"]. */
  code: strings('["COL003"]'),
  /** ISO 3166-1 alpha-3 country codes of the institutes. */
  country: strings('["COL"]'),
  /** Only institutes with accessions in Genesys (true), or only those without (false). */
  withAccessions: bool(),
};
export const InstituteQuerySchema: Strict<typeof INSTITUTE_QUERY> = strict(INSTITUTE_QUERY);
export type InstituteQuery = z.input<typeof InstituteQuerySchema>;

/** `subsets()`. */
const SUBSET_QUERY = {
  ...CANCELLABLE,
  /** WIEWS codes of the institutes holding the subsets, e.g. ["COL003"]. */
  institute: strings('["COL003"]'),
  /** Crop short names, e.g. ["beans"]. */
  crop: strings('["beans"]'),
};
export const SubsetQuerySchema: Strict<typeof SUBSET_QUERY> = strict(SUBSET_QUERY);
export type SubsetQuery = z.input<typeof SubsetQuerySchema>;

/** `overview()`. */
const OVERVIEW_OPTIONS = {
  ...CANCELLABLE,
  /** Values listed per field (the most frequent), then "(other)" and "(missing)". Default 10. */
  limit: int(1),
};
export const OverviewOptionsSchema: Strict<typeof OVERVIEW_OPTIONS> = strict(OVERVIEW_OPTIONS);
export type OverviewOptions = z.input<typeof OverviewOptionsSchema>;
