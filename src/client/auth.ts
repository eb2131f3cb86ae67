/**
 * Where access tokens come from: a fixed token, or OAuth 2 client credentials
 * exchanged at `{baseUrl}/oauth/token` (notes §2.2) and refreshed before
 * `expires_in` runs out or after a 401.
 */
import type { Dispatcher } from "undici";
import { request } from "undici";
import { TokenResponse } from "../schema/responses.ts";
import { errorForStatus, GenesysCredentialsError, GenesysNetworkError, GenesysResponseError, requestIdOf } from "./errors.ts";

export interface TokenProvider {
  /** Returns a valid token; `force` asks for a fresh one (after a 401). Returns undefined when it cannot refresh. */
  token(force?: boolean): Promise<string | undefined>;
  readonly canRefresh: boolean;
}

export class StaticToken implements TokenProvider {
  readonly canRefresh = false;
  constructor(private readonly value: string | undefined) {}
  token(): Promise<string | undefined> {
    return Promise.resolve(this.value);
  }
}

/** A token is renewed this long before it expires. */
const REFRESH_MARGIN_MS = 60_000;

/** When a token answer expires (an hour when the server does not say). */
export const expiryOf = (t: { expires_in?: number }): number => Date.now() + (t.expires_in ?? 3600) * 1000;

/** Whether a held token is still good for a request (outside the refresh margin). */
export const stillValid = (current: { expiresAt: number } | undefined): boolean =>
  !!current && current.expiresAt - REFRESH_MARGIN_MS > Date.now();

export class ClientCredentials implements TokenProvider {
  readonly canRefresh = true;
  private current?: { token: string; expiresAt: number };
  constructor(
    private readonly baseUrl: string,
    private readonly clientId: string,
    private readonly clientSecret: string,
    private readonly dispatcher: Dispatcher,
  ) {}

  async token(force = false): Promise<string> {
    if (!force && stillValid(this.current)) return this.current!.token;
    const basic = Buffer.from(`${encodeURIComponent(this.clientId)}:${encodeURIComponent(this.clientSecret)}`).toString("base64");
    const t = await tokenRequest(this.baseUrl, this.dispatcher, { grant_type: "client_credentials", scope: "openid" }, `Basic ${basic}`);
    this.current = { token: t.access_token, expiresAt: expiryOf(t) };
    return this.current.token;
  }
}

/** The token endpoint's answer, validated. */
export type TokenAnswer = { access_token: string; refresh_token?: string; expires_in?: number };

/**
 * POST {baseUrl}/oauth/token with a form; every failure is a GenesysError (refused credentials or
 * grant: GenesysCredentialsError).
 */
export async function tokenRequest(
  baseUrl: string,
  dispatcher: Dispatcher,
  form: Record<string, string>,
  authorization?: string,
): Promise<TokenAnswer> {
  const endpoint = "POST /oauth/token";
  let res: Dispatcher.ResponseData;
  try {
    res = await request(`${baseUrl}/oauth/token`, {
      method: "POST",
      dispatcher,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
        ...(authorization ? { authorization } : {}),
      },
      body: new URLSearchParams(form).toString(),
    });
  } catch (e) {
    throw new GenesysNetworkError(
      `cannot reach ${baseUrl}: ${(e as Error).message}`,
      endpoint,
      0,
      undefined,
      "is the server running and GENESYS_API_URL right?",
      {
        cause: e,
      },
    );
  }
  let text: string;
  try {
    text = await res.body.text();
  } catch (e) {
    throw new GenesysNetworkError(
      `the connection broke while reading the token response: ${(e as Error).message}`,
      endpoint,
      res.statusCode,
      undefined,
      "retry; no token was received",
      { cause: e },
    );
  }
  const requestId = requestIdOf(res.headers);
  if (res.statusCode === 401 || res.statusCode === 400) {
    // RFC 6749 §5.2: 400 invalid_client / unauthorized_client / invalid_grant, or 401 for a failed client authentication
    const oauth = oauthError(text);
    if (form.grant_type !== "client_credentials" && oauth?.startsWith("invalid_grant")) {
      throw new GenesysCredentialsError(
        `the ${form.grant_type === "refresh_token" ? "refresh token" : "authorization code"} was refused (${oauth})`,
        endpoint,
        res.statusCode,
        text,
        "the login has expired or was revoked: log in again with Genesys.login()",
        { requestId },
      );
    }
    throw new GenesysCredentialsError(
      `the client id and secret were refused${oauth ? ` (${oauth})` : ""}`,
      endpoint,
      res.statusCode,
      text,
      "check GENESYS_CLIENT_ID and GENESYS_CLIENT_SECRET (or { clientId, clientSecret }): a typo, a secret that was reset, " +
        "or a client not enabled for the client_credentials grant. Genesys issues client credentials through " +
        "helpdesk@genesys-pgr.org; the sandbox prints its own when it starts",
      { requestId },
    );
  }
  if (res.statusCode >= 300) throw errorForStatus(endpoint, res.statusCode, text, { requestId });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new GenesysResponseError(`token response is not JSON: ${text.slice(0, 200)}`, endpoint, res.statusCode, undefined, {
      requestId,
    });
  }
  const parsed = TokenResponse.safeParse(json);
  if (!parsed.success) {
    throw new GenesysResponseError(`token response has no access_token`, endpoint, res.statusCode, "access_token", {
      cause: parsed.error,
      requestId,
    });
  }
  return parsed.data;
}

/** "invalid_client: Bad client credentials" from an OAuth error body, if it is one. */
function oauthError(text: string): string | undefined {
  try {
    const j = JSON.parse(text) as { error?: unknown; error_description?: unknown };
    if (typeof j.error !== "string") return undefined;
    return typeof j.error_description === "string" ? `${j.error}: ${j.error_description}` : j.error;
  } catch {
    return undefined;
  }
}
