/** Shared sandbox for a test file, plus raw HTTP helpers (real requests on loopback). */
import { afterAll, beforeAll } from "vitest";
import { Genesys } from "../../src/client/genesys.ts";
import { type Sandbox, type SandboxOptions, startSandbox } from "../../src/sandbox/server.ts";

export async function sandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  return await startSandbox({ accessions: 5_000, seed: 7, ...opts });
}

/** A sandbox and a client on it for a whole test file, closed after it: `const ctx = useSandboxClient(); … ctx.g`. */
export function useSandboxClient(opts: SandboxOptions = {}): { readonly sb: Sandbox; readonly g: Genesys } {
  const ctx = {} as { sb: Sandbox; g: Genesys };
  beforeAll(async () => {
    ctx.sb = await sandbox(opts);
    ctx.g = new Genesys({ baseUrl: ctx.sb.url, token: ctx.sb.token });
  });
  afterAll(async () => {
    await ctx.g.close();
    await ctx.sb.close();
  });
  return ctx;
}

export async function post(
  sb: Sandbox,
  path: string,
  body: unknown,
  init: { token?: string | null; headers?: Record<string, string>; raw?: string } = {},
) {
  const headers: Record<string, string> = { "content-type": "application/json", ...init.headers };
  const token = init.token === undefined ? sb.token : init.token;
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${sb.url}/api/v2${path}`, { method: "POST", headers, body: init.raw ?? JSON.stringify(body) });
  const text = await res.text();
  // deno-lint-ignore no-explicit-any -- the sandbox's raw JSON, read freely by the tests
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** Splits a TSV body into header and rows (no quoted fields expected in the columns the tests select). */
export function tsv(text: string): { header: string[]; rows: string[][] } {
  const lines = text.split("\n").filter((l) => l.length);
  return { header: lines[0]!.split("\t"), rows: lines.slice(1).map((l) => l.split("\t")) };
}
