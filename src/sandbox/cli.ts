#!/usr/bin/env node
/**
 * Command line: `npx genesys-sandbox --port 8080 --accessions 200000` in a project that installed the package
 * (`npm run sandbox -- …` inside the repository). For local use: binds to loopback. Prints the URL, a token, the client
 * credentials and the consent code that approves an interactive login, then serves until Ctrl-C.
 *
 * `--help` prints the usage; a bad argument, a port in use or a size out of range is one line on stderr and exit
 * status 2. The sandbox (and DuckDB with it) is loaded only after the arguments are read.
 */
import { parseArgs } from "node:util";
import { DEFAULT_ACCESSIONS, DEFAULT_SEED } from "./defaults.ts";

const USAGE = `Usage: npx genesys-sandbox [options]

Starts a local Genesys API v2 sandbox on 127.0.0.1 and prints GENESYS_API_URL and GENESYS_TOKEN to export.

Options:
  --port N              port to listen on (default 8080; 0 = any free port)
  --accessions N        accessions to generate, 1000 to 5000000 (default ${DEFAULT_ACCESSIONS})
  --seed N              generator seed (default ${DEFAULT_SEED})
  --delimiter tab|comma CSV delimiter of /acn/query (default tab)
  --throttle-mbps N     limit responses to N MB/s, to mimic a real link (default 0: no limit)
  --token-ttl S         access token lifetime in seconds (default 86400)
  --export-cache-mb N   MB of rendered exports kept for reuse (default 2000; 0 renders every export anew)
  --no-cache            do not keep the generated database on disk
  --client-secret S     client secret for client credentials (default: a new one each start)
  --consent-code C      code that approves an interactive login (default: a new one each start)
  --allowed-host NAME   also answer this Host name (repeatable)
  --plant-errors R      plant known passport errors in a share R of accessions, 0 to 1 (default 0; see docs/quality.md)
  --host ADDRESS        address to bind (default 127.0.0.1)
  -h, --help            print this help
`;

/** One line on stderr and exit status 2: how a command line tool reports a usage error. */
function fail(message: string): never {
  console.error(`genesys-sandbox: ${message}`);
  process.exit(2);
}

let values: Record<string, string | boolean | string[] | undefined>;
try {
  values = parseArgs({
    strict: true,
    allowPositionals: false,
    options: {
      help: { type: "boolean", short: "h", default: false },
      port: { type: "string", default: "8080" },
      host: { type: "string", default: "127.0.0.1" },
      accessions: { type: "string", default: String(DEFAULT_ACCESSIONS) },
      seed: { type: "string", default: String(DEFAULT_SEED) },
      delimiter: { type: "string", default: "tab" },
      "throttle-mbps": { type: "string", default: "0" },
      "token-ttl": { type: "string", default: "86400" },
      "no-cache": { type: "boolean", default: false },
      "export-cache-mb": { type: "string", default: "2000" },
      "client-secret": { type: "string" },
      "consent-code": { type: "string" },
      "allowed-host": { type: "string", multiple: true },
      "plant-errors": { type: "string", default: "0" },
    },
  }).values;
} catch (e) {
  fail(`${(e as Error).message.split("\n")[0]} (npx genesys-sandbox --help lists the options)`);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const num = (name: string, min: number, max = Number.MAX_SAFE_INTEGER, integer = true): number => {
  const v = values[name] as string;
  const n = Number(v);
  if (v.trim() === "" || !Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n))) {
    const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`;
    fail(`--${name} must be ${integer ? "an integer" : "a number"} ${range}, got '${v}'`);
  }
  return n;
};
const delimiter = values.delimiter as string;
if (!["tab", "comma", ",", "\t"].includes(delimiter)) fail(`--delimiter must be tab or comma, got '${delimiter}'`);
const port = num("port", 0, 65535);
const options = {
  port,
  host: values.host as string,
  accessions: num("accessions", 1_000, 5_000_000),
  seed: num("seed", 0),
  delimiter: delimiter === "comma" || delimiter === "," ? "," as const : "\t" as const,
  throttleBytesPerSecond: num("throttle-mbps", 0, Number.MAX_SAFE_INTEGER, false) * 1_000_000,
  tokenTtlSeconds: num("token-ttl", 1),
  exportCacheBytes: num("export-cache-mb", 0) * 1_000_000,
  clientSecret: values["client-secret"] as string | undefined,
  consentCode: values["consent-code"] as string | undefined,
  allowedHosts: values["allowed-host"] as string[] | undefined,
  plantErrors: num("plant-errors", 0, 1, false),
  ...(values["no-cache"] ? { cache: false as const } : {}),
  log: (m: string) => console.error(m),
};

let sandbox: Awaited<ReturnType<typeof import("./server.ts").startSandbox>>;
try {
  await import("../native.ts");
  const { startSandbox } = await import("./server.ts");
  sandbox = await startSandbox(options);
} catch (e) {
  const err = e as Error & { code?: string };
  if (err.code === "EADDRINUSE") {
    fail(`port ${port} is in use (another sandbox?); choose another with --port ${port + 1}, or --port 0 for any free port`);
  }
  if (err.code === "EACCES") fail(`not allowed to listen on port ${port}; choose a port above 1023, e.g. --port 8080`);
  if (err.code === "GENESYS_POLARS_BINDING" || err instanceof RangeError || err.code === "GENESYS_INPUT") fail(err.message);
  fail(`could not start: ${err.message ?? String(e)}`);
}
console.log(`Genesys API v2 sandbox: ${sandbox.url}/api/v2 (${sandbox.accessions.toLocaleString("en")} accessions, seed ${sandbox.seed})
export GENESYS_API_URL=${sandbox.url}
export GENESYS_TOKEN=${sandbox.token}
export GENESYS_CLIENT_ID=${sandbox.clientId}
export GENESYS_CLIENT_SECRET=${sandbox.clientSecret}
Consent code for an interactive login (Genesys.login; enter it on the sandbox's login page): ${sandbox.consentCode}`);
const stop = async () => {
  await sandbox.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
