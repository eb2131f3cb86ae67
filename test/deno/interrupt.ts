// Child for the interrupt test: a script downloading an export that never
// ends, to be stopped with SIGINT or SIGTERM while its block files exist.
import { Genesys } from "../../src/index.ts";

const g = new Genesys({ baseUrl: Deno.env.get("GENESYS_API_URL")!, token: "t", retries: 0 });
await g.passports({}, { select: ["INSTCODE", "ACCENUMB"], onDiagnostics: () => undefined });
console.log("the export ended, which it should not");
