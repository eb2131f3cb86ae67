/**
 * One error family for everything that can go wrong talking to Genesys.
 * Every error names the endpoint, the HTTP status (0 when no response),
 * the server's own message, and a hint that says what to do about it.
 */
/** What an error carries besides its message: one options object for every class. */
export interface GenesysErrorOptions {
  /** The endpoint ("POST /api/v2/acn/query") or call ("save()") concerned. */
  endpoint: string;
  /** HTTP status; 0 (the default) when there was no response or none is concerned. */
  status?: number;
  /** What the server said, when it said something. */
  serverMessage?: string;
  /** What to do about it. Default: the class's. */
  hint?: string;
  /** The underlying error (a socket error, a JSON SyntaxError, a zod issue list…). */
  cause?: unknown;
  /** The server's request id (X-Request-Id and similar headers), for support requests. */
  requestId?: string;
  /** A more specific stable code than the class's, e.g. GENESYS_CSV_RECORD. */
  code?: string;
  /** Where in a response the problem is (GenesysResponseError), e.g. `content[0].accessionNumber`. */
  path?: string;
  /** Why it was aborted (GenesysAbortError): the signal's reason. */
  reason?: unknown;
}

/** @deprecated the options object's name before 1.1. */
export type ErrorExtra = Pick<GenesysErrorOptions, "cause" | "requestId" | "code">;

/**
 * The brand every GenesysError carries: the names of its classes. `instanceof` checks it (Symbol.hasInstance), so an
 * error from one loaded copy of the package is an instance of the classes of another (a notebook that imports it twice).
 */
const BRAND = Symbol.for("genesys-notebook.error");

export class GenesysError extends Error {
  /** The class's stable code; subclasses set their own. */
  static readonly CODE: string = "GENESYS_ERROR";
  /** The class's hint when the caller gives none. */
  static readonly HINT: string | undefined = undefined;
  override name = "GenesysError";
  /**
   * A stable identifier for programs: GENESYS_AUTH, GENESYS_CREDENTIALS, GENESYS_REQUEST, GENESYS_SERVER, GENESYS_RESPONSE,
   * GENESYS_REDIRECT, GENESYS_CSV_RECORD, GENESYS_NOT_CSV, GENESYS_PAGING, GENESYS_INPUT, GENESYS_NETWORK, GENESYS_ABORTED,
   * GENESYS_CACHE_MISS.
   */
  readonly code: string;
  readonly endpoint: string;
  readonly status: number;
  readonly serverMessage?: string;
  readonly hint?: string;
  readonly requestId?: string;

  static override [Symbol.hasInstance](value: unknown): boolean {
    const brands = (value as { [BRAND]?: unknown } | null)?.[BRAND];
    return Array.isArray(brands) && brands.includes(this.name);
  }

  constructor(message: string, options: GenesysErrorOptions) {
    const { endpoint, status = 0, requestId } = options;
    const cls = new.target as unknown as { CODE: string; HINT?: string };
    const hint = options.hint ?? cls.HINT;
    // an error status is part of the headline; a 2xx answer whose body is wrong is not ("-> HTTP 200" reads as success)
    const where = status >= 300 ? `${endpoint} -> HTTP ${status}` : endpoint;
    const id = requestId ? ` [request id ${requestId}]` : "";
    // the subject once: a message that begins with its endpoint ("f(): f(): …") is not prefixed a second time
    const said = message.startsWith(`${endpoint}: `) ? message.slice(endpoint.length + 2) : message;
    super(
      redact([`${where}: ${said}${id}`, hint ? `Hint: ${hint}` : ""].filter(Boolean).join("\n")),
      options.cause === undefined ? undefined : { cause: redactError(options.cause) },
    );
    this.code = options.code ?? cls.CODE;
    this.endpoint = endpoint;
    this.status = status;
    this.hint = hint;
    this.requestId = requestId;
    if (options.serverMessage !== undefined) this.serverMessage = redact(options.serverMessage);
    const brands: string[] = [];
    for (let c = new.target as unknown; c && c !== Error; c = Object.getPrototypeOf(c)) brands.push((c as { name: string }).name);
    Object.defineProperty(this, BRAND, { value: brands });
  }
}

/** 401/403: token missing, wrong, expired or not allowed. */
export class GenesysAuthError extends GenesysError {
  static override readonly CODE: string = "GENESYS_AUTH";
  override name = "GenesysAuthError";
}
/** /oauth/token refused the client id and secret (400 invalid_client / unauthorized_client, or 401). */
export class GenesysCredentialsError extends GenesysAuthError {
  static override readonly CODE: string = "GENESYS_CREDENTIALS";
  override name = "GenesysCredentialsError";
}
/** Other 4xx: the request itself is wrong (bad filter, select field, limit, UUID). */
export class GenesysRequestError extends GenesysError {
  static override readonly CODE: string = "GENESYS_REQUEST";
  override name = "GenesysRequestError";
}
/** 5xx: HTTP 500 at once, 502/503/504 after the retries (RETRIED_STATUSES). */
export class GenesysServerError extends GenesysError {
  static override readonly CODE: string = "GENESYS_SERVER";
  override name = "GenesysServerError";
}
/** The response did not match the documented shape (JSON schema or CSV). */
export class GenesysResponseError extends GenesysError {
  static override readonly CODE: string = "GENESYS_RESPONSE";
  static override readonly HINT: string =
    "the server answered something this client does not understand; if you point at a proxy or a different API version, " +
    "check GENESYS_API_URL";
  override name = "GenesysResponseError";
  /** Where in the response, e.g. `content[0].accessionNumber`. */
  readonly path?: string;
  constructor(message: string, options: GenesysErrorOptions) {
    super(message, options);
    this.path = options.path;
  }
}
/** Rejected before any request: bad filter, select, or option. */
export class GenesysInputError extends GenesysError {
  static override readonly CODE: string = "GENESYS_INPUT";
  override name = "GenesysInputError";
}
/** Connection failed or timed out. */
export class GenesysNetworkError extends GenesysError {
  static override readonly CODE: string = "GENESYS_NETWORK";
  override name = "GenesysNetworkError";
}
/** Cache mode "offline" and nothing stored for the query: no request was made. */
export class GenesysCacheMissError extends GenesysError {
  static override readonly CODE: string = "GENESYS_CACHE_MISS";
  static override readonly HINT: string =
    'run the same call once with cache "on" while the server is reachable, or check GENESYS_CACHE_DIR; ' +
    "g.cache.list() shows what is stored";
  override name = "GenesysCacheMissError";
}
/** Cancelled through the AbortSignal passed in (a notebook interrupt, a timeout of the caller's); nothing partial is returned. */
export class GenesysAbortError extends GenesysError {
  static override readonly CODE: string = "GENESYS_ABORTED";
  override name = "GenesysAbortError";
  /** The signal's reason. */
  readonly reason?: unknown;
  /** `message` defaults to "aborted" and the reason's message. */
  constructor(options: GenesysErrorOptions);
  constructor(message: string, options: GenesysErrorOptions);
  constructor(a: string | GenesysErrorOptions, b?: GenesysErrorOptions) {
    const options = typeof a === "string" ? b! : a;
    const r = options.reason;
    const message = typeof a === "string" ? a : `aborted${r instanceof Error ? `: ${r.message}` : typeof r === "string" ? `: ${r}` : ""}`;
    super(message, { ...options, cause: options.cause ?? r });
    this.reason = r;
  }
}

/** Every error class, for tables of codes and docs. */
export const ERROR_CLASSES = [
  GenesysError,
  GenesysAuthError,
  GenesysCredentialsError,
  GenesysRequestError,
  GenesysServerError,
  GenesysResponseError,
  GenesysInputError,
  GenesysNetworkError,
  GenesysCacheMissError,
  GenesysAbortError,
] as const;

const HINTS: Record<number, string> = {
  400: "the request was rejected; the message above names the bad filter key, select field or parameter",
  401: "the access token is missing, wrong or expired. Set GENESYS_TOKEN, or pass { clientId, clientSecret } so the client " +
    "fetches tokens from /oauth/token itself (Genesys issues client credentials through helpdesk@genesys-pgr.org). For the " +
    "sandbox, use the token startSandbox() returns",
  403: "your client is not allowed to use this endpoint; ask helpdesk@genesys-pgr.org to enable it for your client id",
  404: "a UUID or path does not exist on this server; check the dataset/descriptor UUIDs and GENESYS_API_URL",
  405: "this endpoint needs a different HTTP method",
  406: "the server could not answer in the requested format (often a failure behind a CSV request); retry, or narrow the filter",
  413: "the request body is too large; send fewer UUIDs per request",
  415: "send the body as application/json",
  429: "rate limited; wait and retry later",
};

/** The statuses the transport retries (with backoff, honouring Retry-After): rate limits and gateway failures. */
export const RETRIED_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/** How often a request was sent before it failed, for the hint. */
export interface Attempts {
  /** Requests sent, the first included. */
  attempts: number;
  /** Seconds from the first request to the failure. */
  seconds: number;
}

const sent = (a: Attempts) =>
  a.attempts === 1 ? "sent once" : `sent ${a.attempts} times over ${a.seconds.toFixed(1)} s (retried with backoff)`;

/**
 * The hint for an HTTP status; with `tries`, a 5xx hint says how often the request was sent. HTTP 500 is not retried:
 * these queries are read-only, but a 500 from Genesys answers the request itself (the same query fails the same way),
 * while 502/503/504 come from a gateway or a restart and are retried.
 */
export function hintFor(status: number, tries?: Attempts): string | undefined {
  if (HINTS[status]) return HINTS[status];
  if (status < 500) return undefined;
  const how = tries ? `the request was ${sent(tries)}` : undefined;
  if (RETRIED_STATUSES.has(status)) {
    return `the server or a gateway in front of it is failing or restarting${how ? `; ${how}` : ""}. Try again in a few minutes`;
  }
  return `the server failed on this request${how ? `; ${how}` : ""} (HTTP ${status} is not retried: it answers the request ` +
    "itself). Try again later, or narrow the filter or the selected columns; if it persists, report it with the request id";
}

export function errorForStatus(
  endpoint: string,
  status: number,
  serverMessage: string,
  extra: Pick<GenesysErrorOptions, "cause" | "requestId" | "code"> = {},
  tries?: Attempts,
): GenesysError {
  const msg = serverMessage || "(empty response body)";
  const options = { endpoint, status, serverMessage, hint: hintFor(status, tries), ...extra };
  if (status === 401 || status === 403) return new GenesysAuthError(msg, options);
  if (status >= 500) return new GenesysServerError(msg, options);
  return new GenesysRequestError(msg, options);
}

/** The server's request id, from the headers servers and gateways commonly use. */
export function requestIdOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  for (const h of ["x-request-id", "x-correlation-id", "request-id", "x-amzn-requestid", "cf-ray"]) {
    const v = headers[h];
    if (v) return Array.isArray(v) ? v[0] : v;
  }
  return undefined;
}

/** Live secrets (access and refresh tokens, client secrets) that redact() replaces wherever they appear; the newest 64. */
const secrets: string[] = [];

/**
 * Makes redact() replace `value` from now on. The token providers call it for every token they receive and for the
 * client secret; values shorter than 8 characters are not remembered (they would match ordinary text).
 */
export function rememberSecret(value: string | undefined): void {
  if (!value || value.length < 8 || secrets.includes(value)) return;
  secrets.push(value);
  if (secrets.length > 64) secrets.shift();
}

const REDACTED = "[redacted]";
/** A value after a secret's name; not one already redacted. */
const VALUE = String.raw`(?!\[redacted\])[^\s"'&,;}\]]+`;
/** Names whose value is a secret. */
const NAMES = "access_token|refresh_token|id_token|token|client_secret|secret|code_verifier|password";
/** `access_token=…` and `"refresh_token": "…"` (forms, query strings, JSON) for these names. */
const SECRET_FIELD = new RegExp(String.raw`(\b(?:${NAMES})=|"(?:${NAMES})"\s*:\s*")` + VALUE, "gi");
/** `refresh_token: …` in prose and logs, only for the unmistakable names (a bare "token:" is an endpoint's colon). */
const SECRET_LABEL = new RegExp(String.raw`(\b(?:access_token|refresh_token|id_token|client_secret|code_verifier):\s*)` + VALUE, "gi");
/** `Bearer xxx` and `Basic xxx` credentials. */
const AUTH_SCHEME = /\b(Bearer|Basic)(\s+)[A-Za-z0-9._~+/=-]{8,}/g;
/** A JSON Web Token anywhere (header.payload.signature, base64url). */
const JWT = /\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g;

/**
 * `text` without the secrets the client knows (remembered tokens and client secrets) and without anything that looks
 * like one: token, secret and password fields, Bearer and Basic credentials, JSON Web Tokens. Every GenesysError runs
 * its message, server message and cause through it.
 */
export function redact(text: string): string {
  let out = text;
  for (const s of secrets) if (out.includes(s)) out = out.replaceAll(s, REDACTED);
  return out
    .replace(SECRET_FIELD, (_m, name: string) => `${name}${REDACTED}`)
    .replace(SECRET_LABEL, (_m, name: string) => `${name}${REDACTED}`)
    .replace(AUTH_SCHEME, (_m, scheme: string, sp: string) => `${scheme}${sp}${REDACTED}`)
    .replace(JWT, REDACTED);
}

/**
 * A cause without secrets: an Error's message and stack (and its own cause, a few levels down) are redacted in place;
 * a string is redacted; anything else (a zod issue list, an object) is kept only as its redacted message.
 */
export function redactError(cause: unknown, depth = 0): unknown {
  if (typeof cause === "string") return redact(cause);
  if (!(cause instanceof Error)) {
    if (cause === null || typeof cause !== "object") return cause;
    let text: string;
    try {
      text = JSON.stringify(cause);
    } catch {
      text = String(cause);
    }
    return redact(text) === text ? cause : new Error(redact(text));
  }
  if (cause instanceof GenesysError) return cause;
  try {
    const message = redact(cause.message);
    if (message !== cause.message) cause.message = message;
    const stack = cause.stack === undefined ? undefined : redact(cause.stack);
    if (stack !== cause.stack) cause.stack = stack;
    if (depth < 4 && cause.cause !== undefined) {
      const inner = redactError(cause.cause, depth + 1);
      if (inner !== cause.cause) cause.cause = inner;
    }
  } catch {
    return new Error(redact(String(cause.message)));
  }
  return cause;
}
