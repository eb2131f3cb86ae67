/**
 * One error family for everything that can go wrong talking to Genesys.
 * Every error names the endpoint, the HTTP status (0 when no response),
 * the server's own message, and a hint that says what to do about it.
 */
export class GenesysError extends Error {
  override name = "GenesysError";
  constructor(
    message: string,
    readonly endpoint: string,
    readonly status: number,
    readonly serverMessage?: string,
    readonly hint?: string,
  ) {
    super([`${endpoint}${status ? ` -> HTTP ${status}` : ""}: ${message}`, hint ? `Hint: ${hint}` : ""].filter(Boolean).join("\n"));
  }
}

/** 401/403: token missing, wrong, expired or not allowed. */
export class GenesysAuthError extends GenesysError {
  override name = "GenesysAuthError";
}
/** Other 4xx: the request itself is wrong (bad filter, select field, limit, UUID). */
export class GenesysRequestError extends GenesysError {
  override name = "GenesysRequestError";
}
/** 5xx after retries. */
export class GenesysServerError extends GenesysError {
  override name = "GenesysServerError";
}
/** The response did not match the documented shape (JSON schema or CSV). */
export class GenesysResponseError extends GenesysError {
  override name = "GenesysResponseError";
  constructor(message: string, endpoint: string, status: number, readonly path?: string) {
    super(message, endpoint, status, undefined, "the server answered something this client does not understand; if you point at a proxy or a different API version, check GENESYS_API_URL");
  }
}
/** Rejected before any request: bad filter, select, or option. */
export class GenesysInputError extends GenesysError {
  override name = "GenesysInputError";
  constructor(message: string, endpoint: string, hint?: string) {
    super(message, endpoint, 0, undefined, hint);
  }
}
/** Connection failed or timed out. */
export class GenesysNetworkError extends GenesysError {
  override name = "GenesysNetworkError";
}
/** Cancelled through the AbortSignal passed in (a notebook interrupt, a timeout of the caller's); nothing partial is returned. */
export class GenesysAbortError extends GenesysError {
  override name = "GenesysAbortError";
  constructor(endpoint: string, readonly reason?: unknown) {
    super(`aborted${reason instanceof Error ? `: ${reason.message}` : typeof reason === "string" ? `: ${reason}` : ""}`, endpoint, 0);
  }
}

const HINTS: Record<number, string> = {
  400: "the request was rejected; the message above names the bad filter key, select field or parameter",
  401: "the access token is missing, wrong or expired. Set GENESYS_TOKEN, or pass { clientId, clientSecret } so the client fetches tokens from /oauth/token itself (Genesys issues client credentials through helpdesk@genesys-pgr.org). For the sandbox, use the token startSandbox() returns",
  403: "your client is not allowed to use this endpoint; ask helpdesk@genesys-pgr.org to enable it for your client id",
  404: "a UUID or path does not exist on this server; check the dataset/descriptor UUIDs and GENESYS_API_URL",
  405: "this endpoint needs a different HTTP method",
  406: "the server could not answer in the requested format (often a failure behind a CSV request); retry, or narrow the filter",
  413: "the request body is too large; send fewer UUIDs per request",
  415: "send the body as application/json",
  429: "rate limited; wait and retry later",
};

export function hintFor(status: number): string | undefined {
  return HINTS[status] ?? (status >= 500 ? "the server failed; retried with backoff and gave up. Try again later or with a smaller request" : undefined);
}

export function errorForStatus(endpoint: string, status: number, serverMessage: string): GenesysError {
  const msg = serverMessage || "(empty response body)";
  const hint = hintFor(status);
  if (status === 401 || status === 403) return new GenesysAuthError(msg, endpoint, status, serverMessage, hint);
  if (status >= 500) return new GenesysServerError(msg, endpoint, status, serverMessage, hint);
  return new GenesysRequestError(msg, endpoint, status, serverMessage, hint);
}
