#!/usr/bin/env node
/**
 * Command line: `npm run sandbox -- --port 8080 --accessions 200000 [--seed 42]
 * [--delimiter comma] [--throttle-mbps 50] [--token-ttl 3600] [--export-cache-mb 2000]
 * [--client-secret S] [--allowed-host NAME] [--plant-errors 0.02]`. For local use: binds to loopback.
 * Prints the URL, a token and the client credentials, then serves until Ctrl-C.
 */
import { parseArgs } from "node:util";
import "../native.ts";
import { startSandbox } from "./server.ts";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8080" },
    host: { type: "string", default: "127.0.0.1" },
    accessions: { type: "string", default: "200000" },
    seed: { type: "string", default: "42" },
    delimiter: { type: "string", default: "tab" },
    "throttle-mbps": { type: "string", default: "0" },
    "token-ttl": { type: "string", default: "86400" },
    "no-cache": { type: "boolean", default: false },
    "export-cache-mb": { type: "string", default: "2000" },
    "client-secret": { type: "string" },
    "allowed-host": { type: "string", multiple: true },
    "plant-errors": { type: "string", default: "0" },
  },
});
const int = (name: string, v: string | undefined) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) {
    console.error(`--${name} must be a non-negative number, got '${v}'`);
    process.exit(2);
  }
  return n;
};
const sandbox = await startSandbox({
  port: int("port", values.port),
  host: values.host,
  accessions: int("accessions", values.accessions),
  seed: int("seed", values.seed),
  delimiter: values.delimiter === "comma" || values.delimiter === "," ? "," : "\t",
  throttleBytesPerSecond: int("throttle-mbps", values["throttle-mbps"]) * 1_000_000,
  tokenTtlSeconds: int("token-ttl", values["token-ttl"]),
  exportCacheBytes: int("export-cache-mb", values["export-cache-mb"]) * 1_000_000,
  clientSecret: values["client-secret"],
  allowedHosts: values["allowed-host"],
  plantErrors: int("plant-errors", values["plant-errors"]),
  ...(values["no-cache"] ? { cache: false as const } : {}),
  log: (m) => console.error(m),
});
console.log(`Genesys API v2 sandbox: ${sandbox.url}/api/v2 (${sandbox.accessions.toLocaleString("en")} accessions, seed ${sandbox.seed})
export GENESYS_API_URL=${sandbox.url}
export GENESYS_TOKEN=${sandbox.token}
export GENESYS_CLIENT_ID=${sandbox.clientId}
export GENESYS_CLIENT_SECRET=${sandbox.clientSecret}`);
const stop = async () => {
  await sandbox.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
