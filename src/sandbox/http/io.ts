/** Request body reading and JSON answers for the sandbox's node:http server. */
import type { IncomingMessage, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { HttpError } from "./error.ts";

/** Largest request body: a filter with 10,000 UUIDs is about 400 KB. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Deepest nesting of objects and arrays in a JSON body (filters nest three levels). */
export const MAX_JSON_DEPTH = 16;

/** Depth of nested objects/arrays, walked without recursion (a deep body cannot overflow the stack). */
export function jsonDepth(value: unknown, limit: number): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    if (d + 1 > max) max = d + 1;
    if (max > limit) return max;
    for (const x of Array.isArray(v) ? v : Object.values(v)) stack.push([x, d + 1]);
  }
  return max;
}

/** A JSON path for messages: body.crop[0], body["a b"]. */
const childPath = (path: string, key: string | number) =>
  typeof key === "number" ? `${path}[${key}]` : /^[A-Za-z_$][\w$.]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;

/**
 * What the sandbox refuses anywhere in a JSON body, named with its path: a NUL
 * character in a string or key (no genebank value has one, DuckDB refuses them
 * in SQL text), and a `__proto__` key (JSON.parse makes it an own key; an
 * object spread or zod would treat it as the prototype). Walked without recursion.
 */
export function jsonProblem(value: unknown, root = "body"): string | undefined {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === "string") {
      if (v.includes("\u0000")) return `${path}: NUL characters are not allowed`;
      continue;
    }
    if (v === null || typeof v !== "object") continue;
    if (Array.isArray(v)) {
      v.forEach((x, i) => stack.push([x, childPath(path, i)]));
      continue;
    }
    for (const k of Object.keys(v)) {
      if (k === "__proto__") return `${path}: the key '__proto__' is not allowed`;
      if (k.includes("\u0000")) return `${path}: NUL characters are not allowed in keys`;
      stack.push([(v as Record<string, unknown>)[k], childPath(path, k)]);
    }
  }
  return undefined;
}

/** Refuses a NUL in the request target's query string: no parameter takes one. */
export function checkQuery(url: URL): void {
  for (const [k, v] of url.searchParams) {
    if (k.includes("\u0000") || v.includes("\u0000")) {
      throw new HttpError(400, `query parameter '${k.replaceAll("\u0000", "\\0").slice(0, 60)}': NUL characters are not allowed`);
    }
  }
}

export interface ParsedBody {
  /** JSON value of the body (undefined when empty). */
  json?: unknown;
  /** Form fields (multipart or urlencoded). */
  form?: Map<string, string>;
}

export async function readBody(req: IncomingMessage): Promise<ParsedBody> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) {
      throw new HttpError(
        413,
        `request body over the sandbox's limit of ${MAX_BODY_BYTES.toLocaleString("en")} bytes; send fewer values per request`,
      );
    }
    chunks.push(chunk as Buffer);
  }
  const raw = Buffer.concat(chunks);
  const type = (req.headers["content-type"] ?? "").toLowerCase();
  if (type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded")) {
    let fd: FormData;
    try {
      fd = await new Request("http://sandbox.local/", {
        method: "POST",
        body: raw,
        headers: { "content-type": req.headers["content-type"]! },
      }).formData();
    } catch (e) {
      throw new HttpError(400, `malformed form body: ${(e as Error).message}`);
    }
    const form = new Map<string, string>();
    fd.forEach((v, k) => form.set(k, typeof v === "string" ? v : ""));
    for (const [k, v] of form) {
      if (k.includes("\u0000") || v.includes("\u0000")) {
        throw new HttpError(400, `form field '${k.replaceAll("\u0000", "\\0").slice(0, 60)}': NUL characters are not allowed`);
      }
    }
    const filter = form.get("filter");
    if (filter !== undefined && /[\[{]/.test(filter)) {
      let depth = 0;
      try {
        depth = jsonDepth(JSON.parse(filter), MAX_JSON_DEPTH);
      } catch {
        // reported where the filter is read
      }
      if (depth > MAX_JSON_DEPTH) throw new HttpError(400, `form field 'filter' nested deeper than the limit of ${MAX_JSON_DEPTH} levels`);
      if (depth) {
        const problem = jsonProblem(JSON.parse(filter), "filter");
        if (problem) throw new HttpError(400, `form field ${problem}`);
      }
    }
    return { form };
  }
  const text = raw.toString("utf8").trim();
  if (!text) return {};
  if (type && !type.includes("json") && !type.startsWith("text/plain")) {
    throw new HttpError(415, `unsupported Content-Type '${type}': send application/json`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new HttpError(400, `malformed JSON body: ${(e as Error).message}`);
  }
  if (jsonDepth(json, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw new HttpError(400, `JSON body nested deeper than the limit of ${MAX_JSON_DEPTH} levels`);
  }
  const problem = jsonProblem(json);
  if (problem) throw new HttpError(400, `JSON body: ${problem}`);
  return { json };
}

export function sendJson(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  sendJsonText(req, res, status, JSON.stringify(value), headers);
}

export function sendJsonText(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  const gzip = text.length > 1024 && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
  const body = gzip ? gzipSync(text) : Buffer.from(text);
  res.writeHead(status, {
    "content-type": "application/json;charset=UTF-8",
    "content-length": String(body.length),
    ...(gzip ? { "content-encoding": "gzip", vary: "Accept-Encoding" } : {}),
    ...headers,
  });
  res.end(body);
}

/** Error body as the notes describe Genesys' ApiErrorException: `{error, localizedError}`. */
export function sendError(req: IncomingMessage, res: ServerResponse, err: HttpError): void {
  sendJson(req, res, err.status, { error: err.message, localizedError: err.message, status: err.status }, err.headers);
}

/** Query parameter values; repeated params and comma lists both count. */
export function queryList(url: URL, name: string): string[] {
  return url.searchParams.getAll(name).flatMap((v) => v.split(",")).map((s) => s.trim()).filter(Boolean);
}

export function intParam(url: URL, name: string, dflt: number, max: number, endpoint: string, form?: Map<string, string>): number {
  const raw = url.searchParams.get(name) ?? form?.get(name);
  if (raw === null || raw === undefined || raw === "") return dflt;
  if (!/^\d+$/.test(raw)) throw new HttpError(400, `${endpoint}: query parameter '${name}' must be a non-negative integer, got '${raw}'`);
  const n = Number(raw);
  if (n > max) {
    throw new HttpError(
      400,
      `${endpoint}: '${name}=${n}' is over the maximum of ${max.toLocaleString("en")}; request pages with p=0,1,2… instead`,
    );
  }
  if (name === "l" && n === 0) throw new HttpError(400, `${endpoint}: 'l' must be at least 1`);
  return n;
}
