/**
 * One endpoint table for client and sandbox (src/schema/endpoints.ts): the
 * sandbox answers every endpoint in it (over HTTP, without a token: 401 or
 * 400, never 404 or 405), and the client requests every one of them by the
 * table, with no label typed by hand.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { API, ENDPOINTS } from "../src/schema/endpoints.ts";
import { useSandboxClient } from "./helpers/sandbox.ts";

const clientFiles = readdirSync("src/client", { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith(".ts")).map((e) => readFileSync(join(e.parentPath, e.name), "utf8"));

describe("the endpoint table", () => {
  const ctx = useSandboxClient();

  it("the sandbox answers every endpoint of the table with its method", async () => {
    for (const [name, e] of Object.entries(ENDPOINTS)) {
      const path = (e.root ? "" : API) + e.path.replace("{uuid}", "00000000-0000-4000-8000-000000000000");
      const res = await fetch(`${ctx.sb.url}${path}`, {
        method: e.method,
        redirect: "manual",
        ...(e.method === "POST" ? { headers: { "content-type": "application/json" }, body: "{}" } : {}),
      });
      await res.body?.cancel();
      expect([404, 405], `${name}: ${e.label} -> ${res.status}`).not.toContain(res.status);
    }
  });

  it("the client requests every endpoint by the table, and types no label by hand", () => {
    const all = clientFiles.join("\n");
    for (const name of Object.keys(ENDPOINTS)) {
      expect(all.includes(`ENDPOINTS.${name}`), name).toBe(true);
    }
    // no path or label typed by hand outside comments
    const code = all.split("\n").filter((l) => !/^\s*(\*|\/\/|\/\*\*)/.test(l)).join("\n");
    expect(
      code.match(
        /["`](GET |POST )?(\/api\/v2)?\/(acn|dataset|amphibian|descriptor|crops|wiews|vocabulary|subset|me|oauth)\/[a-z/{}-]*["`]/g,
      ) ?? [],
    ).toEqual(
      [],
    );
  });
});
