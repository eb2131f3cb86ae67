/**
 * What identifies a local sandbox's data (`GET /api/v2/sandbox/identity`), asked through the transport like every other
 * endpoint, once and without retries: a sandbox answers `{ data: "g3-s7-n5000" }`; any other answer, or none (a stopped
 * sandbox in offline mode), is `undefined`. The cache keys a sandbox's results by it instead of its URL, whose port
 * changes on every start.
 */
import { z } from "zod";
import { ENDPOINTS } from "../../schema/endpoints.ts";
import type { Transport } from "./transport.ts";

const Identity = z.object({ data: z.string().regex(/^[A-Za-z0-9._-]{1,100}$/) });

/** `sandbox:<identity>`, or undefined when the server is not a sandbox or does not answer within 5 s. */
export async function sandboxIdentity(t: Transport): Promise<string | undefined> {
  try {
    const r = await t.json(ENDPOINTS.sandboxIdentity, Identity, { signal: AbortSignal.timeout(5_000), once: true });
    return `sandbox:${r.data}`;
  } catch {
    return undefined;
  }
}
