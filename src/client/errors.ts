/**
 * One error family for everything that can go wrong talking to Genesys.
 * Every error names the endpoint, the HTTP status (0 when no response),
 * the server's own message, and a hint that says what to do about it.
 */
/** What an error carries besides its message: the underlying error, the server's request id, a more specific code. */
export interface ErrorExtra {
  /** The underlying error (a socket error, a JSON SyntaxError, a zod issue list…). */
  cause?: unknown;
  /** The server's request id (X-Request-Id and similar headers), for support requests. */
  requestId?: string;
  /** A more specific stable code than the class's, e.g. GENESYS_CSV_RECORD. */
  code?: string;
}

export class GenesysError extends Error {
  override name = "GenesysError";
  /**
   * A stable identifier for programs: GENESYS_AUTH, GENESYS_CREDENTIALS, GENESYS_REQUEST, GENESYS_SERVER, GENESYS_RESPONSE,
   * GENESYS_CSV_RECORD, GENESYS_INPUT, GENESYS_NETWORK, GENESYS_ABORTED.
   */
  readonly code: string;
  readonly requestId?: string;
  constructor(
    message: string,
    readonly endpoint: string,
    readonly status: number,
    readonly serverMessage?: string,
    readonly hint?: string,
    extra: ErrorExtra = {},
  ) {
    // an error status is part of the headline; a 2xx answer whose body is wrong is not ("-> HTTP 200" reads as success)
    const where = status >= 300 ? `${endpoint} -> HTTP ${status}` : endpoint;
    const id = extra.requestId ? ` [request id ${extra.requestId}]` : "";
    super(
      redact([`${where}: ${message}${id}`, hint ? `Hint: ${hint}` : ""].filter(Boolean).join("\n")),
      extra.cause === undefined ? undefined : { cause: redactError(extra.cause) },
    );
    this.code = extra.code ?? (new.target as unknown as { CODE?: string }).CODE ?? "GENESYS_ERROR";
    this.requestId = extra.requestId;
    if (serverMessage !== undefined) this.serverMessage = redact(serverMessage);
  }
}

/** 401/403: token missing, wrong, expired or not allowed. */
export class GenesysAuthError extends GenesysError {
  static readonly CODE: string = "GENESYS_AUTH";
  override name = "GenesysAuthError";
}
/** /oauth/token refused the client id and secret (400 invalid_client / unauthorized_client, or 401). */
export class GenesysCredentialsError extends GenesysAuthError {
  static override readonly CODE: string = "GENESYS_CREDENTIALS";
  override name = "GenesysCredentialsError";
}
/** Other 4xx: the request itself is wrong (bad filter, select field, limit, UUID). */
export class GenesysRequestError extends GenesysError {
  static readonly CODE = "GENESYS_REQUEST";
  override name = "GenesysRequestError";
}
/** 5xx after retries. */
export class GenesysServerError extends GenesysError {
  static readonly CODE = "GENESYS_SERVER";
  override name = "GenesysServerError";
}
/** The response did not match the documented shape (JSON schema or CSV). */
export class GenesysResponseError extends GenesysError {
  static readonly CODE = "GENESYS_RESPONSE";
  override name = "GenesysResponseError";
  constructor(message: string, endpoint: string, status: number, readonly path?: string, extra: ErrorExtra = {}) {
    super(
      message,
      endpoint,
      status,
      undefined,
      "the server answered something this client does not understand; if you point at a proxy or a different API version, " +
        "check GENESYS_API_URL",
      extra,
    );
  }
}
/** Rejected before any request: bad filter, select, or option. */
export class GenesysInputError extends GenesysError {
  static readonly CODE = "GENESYS_INPUT";
  override name = "GenesysInputError";
  constructor(message: string, endpoint: string, hint?: string) {
    super(message, endpoint, 0, undefined, hint);
  }
}
/** Connection failed or timed out. */
export class GenesysNetworkError extends GenesysError {
  static readonly CODE = "GENESYS_NETWORK";
  override name = "GenesysNetworkError";
}
/** Cache mode "offline" and nothing stored for the query: no request was made. */
export class GenesysCacheMissError extends GenesysError {
  static readonly CODE = "GENESYS_CACHE_MISS";
  override name = "GenesysCacheMissError";
  constructor(endpoint: string, why: string) {
    super(
      `cache mode "offline": ${why}; no request was sent`,
      endpoint,
      0,
      undefined,
      'run the same call once with cache "on" while the server is reachable, or check GENESYS_CACHE_DIR; ' +
        "g.cache.list() shows what is stored",
    );
  }
}
/** Cancelled through the AbortSignal passed in (a notebook interrupt, a timeout of the caller's); nothing partial is returned. */
export class GenesysAbortError extends GenesysError {
  static readonly CODE = "GENESYS_ABORTED";
  override name = "GenesysAbortError";
  constructor(endpoint: string, readonly reason?: unknown) {
    super(
      `aborted${reason instanceof Error ? `: ${reason.message}` : typeof reason === "string" ? `: ${reason}` : ""}`,
      endpoint,
      0,
      undefined,
      undefined,
      { cause: reason },
    );
  }
}

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

export function hintFor(status: number): string | undefined {
  return HINTS[status] ??
    (status >= 500 ? "the server failed; retried with backoff and gave up. Try again later or with a smaller request" : undefined);
}

export function errorForStatus(endpoint: string, status: number, serverMessage: string, extra: ErrorExtra = {}): GenesysError {
  const msg = serverMessage || "(empty response body)";
  const hint = hintFor(status);
  if (status === 401 || status === 403) return new GenesysAuthError(msg, endpoint, status, serverMessage, hint, extra);
  if (status >= 500) return new GenesysServerError(msg, endpoint, status, serverMessage, hint, extra);
  return new GenesysRequestError(msg, endpoint, status, serverMessage, hint, extra);
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
