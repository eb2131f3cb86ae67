/** A loopback HTTP server that answers from a script, for malformed-response and retry tests. */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface Scripted {
  status: number;
  headers?: Record<string, string>;
  body: string | Buffer;
  /** Send the body (chunked), then reset the connection instead of ending the response. */
  cutOff?: boolean;
  /** Send the body, then keep the response open without another byte. */
  stall?: boolean;
  /** Send the body, then `chunk` every `everyMs` until the client goes away. */
  trickle?: { chunk: string; everyMs: number };
}

export async function scriptedServer(script: (req: IncomingMessage, n: number) => Scripted) {
  const seen: { at: number; path: string; auth?: string; body?: string }[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      seen.push({ at: Date.now(), path: req.url ?? "", auth: req.headers.authorization, body });
      const r = script(req, seen.length);
      res.writeHead(r.status, { "content-type": "application/json", ...r.headers });
      if (r.stall) return void res.write(r.body);
      if (r.trickle) {
        res.write(r.body);
        const t = setInterval(() => res.write(r.trickle!.chunk), r.trickle.everyMs);
        res.on("close", () => clearInterval(t));
        return;
      }
      if (!r.cutOff) return void res.end(r.body);
      res.write(r.body, () => setTimeout(() => res.socket?.destroy(), 20));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
