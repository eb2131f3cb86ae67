/**
 * Waiting until the Deno Jupyter kernel has published what a cell sent.
 *
 * In Deno 2.9's kernel, `Deno.jupyter.display()`, `console.log` and a cell's
 * result (execute_result) only enqueue a message: a separate loop on the
 * kernel's own thread takes it from the queue, signs it and writes it to the
 * IOPub socket, under the header of whichever request is current by then.
 * The reply and the "idle" status that end a cell are written directly. So a
 * large output (a figure's PNG takes longest to sign) can reach the front end
 * after "idle", and a front end that stops collecting a cell's outputs at
 * idle (nbconvert, papermill, CI) loses it, or files it under the next cell.
 *
 * `flushIopub()` subscribes to the kernel's IOPub socket itself (ZMTP 3.0
 * SUB, as any front end does), enqueues an invisible probe after the cell's
 * messages (an `update_display_data` for a display id nobody shows; front ends
 * ignore it), and returns when the probe comes back. The queue is first in,
 * first out and the kernel writes each message to its subscribers in the
 * order they connected, so by then every earlier message of the cell has been
 * written to the front end. Where the socket cannot be reached (the connection
 * file is not found; a platform without /proc) it waits a short while instead.
 */
import { jupyterApi } from "./jupyter.ts";

interface Connection {
  ip: string;
  iopub_port: number;
  transport?: string;
}

type DenoLike = {
  readTextFileSync(path: string): string;
  connect(opts: { hostname: string; port: number }): Promise<Conn>;
};
interface Conn {
  read(p: Uint8Array): Promise<number | null>;
  write(p: Uint8Array): Promise<number>;
  close(): void;
}

const deno = () => (globalThis as { Deno?: DenoLike }).Deno;
const ENC = new TextEncoder();
const DEC = new TextDecoder();

let connection: Connection | null | undefined;
/** The kernel's connection file (`deno jupyter --kernel --conn <file>`), read from this process's command line. */
export function kernelConnection(): Connection | null {
  if (connection !== undefined) return connection;
  connection = null;
  try {
    const args = deno()!.readTextFileSync("/proc/self/cmdline").split("\0");
    const at = args.indexOf("--conn");
    if (at >= 0 && args[at + 1]) {
      const info = JSON.parse(deno()!.readTextFileSync(args[at + 1]!)) as Connection;
      if ((info.transport ?? "tcp") === "tcp" && info.iopub_port) connection = info;
    }
  } catch {
    // not Linux, or not a kernel started with a connection file
  }
  return connection;
}

async function writeAll(conn: Conn, buf: Uint8Array): Promise<void> {
  for (let at = 0; at < buf.length;) at += await conn.write(buf.subarray(at));
}

/** Reads ZMTP frames, yielding each message's frames. */
async function* messages(conn: Conn): AsyncGenerator<Uint8Array[]> {
  let buf = new Uint8Array(0);
  const need = async (n: number) => {
    while (buf.length < n) {
      const chunk = new Uint8Array(Math.max(65_536, n - buf.length));
      const got = await conn.read(chunk);
      if (got === null) throw new Error("IOPub connection closed");
      const next = new Uint8Array(buf.length + got);
      next.set(buf);
      next.set(chunk.subarray(0, got), buf.length);
      buf = next;
    }
  };
  const take = async (n: number) => {
    await need(n);
    const out = buf.slice(0, n);
    buf = buf.subarray(n);
    return out;
  };
  let frames: Uint8Array[] = [];
  for (;;) {
    const [flag] = await take(1);
    const long = (flag! & 0x02) !== 0;
    const size = long ? Number(new DataView((await take(8)).buffer).getBigUint64(0)) : (await take(1))[0]!;
    const data = await take(size);
    if (flag! & 0x04) continue; // a command (READY, PING): not a message
    frames.push(data);
    if (!(flag! & 0x01)) {
      yield frames;
      frames = [];
    }
  }
}

/** ZMTP 3.0 greeting: signature, version 3.0, mechanism NULL, as-server 0. */
function greeting(): Uint8Array {
  const g = new Uint8Array(64);
  g[0] = 0xff;
  g[9] = 0x7f;
  g[10] = 3;
  g.set(ENC.encode("NULL"), 12);
  return g;
}

function frame(data: Uint8Array, { more = false, command = false } = {}): Uint8Array {
  const long = data.length > 255;
  const out = new Uint8Array((long ? 9 : 2) + data.length);
  out[0] = (more ? 1 : 0) | (long ? 2 : 0) | (command ? 4 : 0);
  if (long) new DataView(out.buffer).setBigUint64(1, BigInt(data.length));
  else out[1] = data.length;
  out.set(data, long ? 9 : 2);
  return out;
}

function ready(): Uint8Array {
  const name = ENC.encode("READY"), key = ENC.encode("Socket-Type"), value = ENC.encode("SUB");
  const body = new Uint8Array(1 + name.length + 1 + key.length + 4 + value.length);
  let o = 0;
  body[o++] = name.length;
  body.set(name, o), (o += name.length);
  body[o++] = key.length;
  body.set(key, o), (o += key.length);
  new DataView(body.buffer).setUint32(o, value.length), (o += 4);
  body.set(value, o);
  return frame(body, { command: true });
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** How long flushIopub() waits for its probe at most, and instead of it where the socket cannot be reached. */
export const FLUSH_TIMEOUT_MS = 10_000;
export const FLUSH_FALLBACK_MS = 150;

/**
 * Returns once every message this cell has sent so far (displays, printed
 * text, progress) has been written to the front end; outside a kernel at once.
 */
export async function flushIopub(timeoutMs = FLUSH_TIMEOUT_MS): Promise<void> {
  const jupyter = jupyterApi();
  if (!jupyter) return;
  const info = kernelConnection();
  if (!info) return await sleep(FLUSH_FALLBACK_MS);
  let conn: Conn | undefined;
  const deadline = Date.now() + timeoutMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    conn = await deno()!.connect({ hostname: info.ip, port: info.iopub_port });
    const c = conn;
    await writeAll(c, greeting());
    await writeAll(c, ready());
    await writeAll(c, frame(new Uint8Array([1]))); // subscribe to everything
    const id = `genesys-flush-${crypto.randomUUID()}`;
    const marker = ENC.encode(id);
    let seen = false;
    let greeted!: () => void;
    const handshake = new Promise<void>((r) => (greeted = r));
    const watch = (async () => {
      const greet = new Uint8Array(64);
      for (let got = 0; got < 64;) {
        const n = await c.read(greet.subarray(got));
        if (n === null) return;
        got += n;
      }
      greeted();
      for await (const parts of messages(c)) {
        if (parts.some((p) => p.length >= marker.length && DEC.decode(p).includes(id))) return;
      }
    })().catch(() => undefined).finally(() => {
      seen = true;
      greeted();
    });
    // The kernel adds a subscriber once it has read its subscription, and sends nothing to it before: probe until a probe returns.
    const probe = async () => {
      await handshake;
      while (!seen && Date.now() < deadline) {
        await jupyter.display({ "text/plain": "" }, { raw: true, update: true, display_id: id });
        await sleep(20);
      }
    };
    const timeout = new Promise<void>((r) => (timer = setTimeout(r, Math.max(0, deadline - Date.now()))));
    await Promise.race([Promise.all([watch, probe()]), timeout]);
    seen = true; // stops the probes
  } catch {
    await sleep(FLUSH_FALLBACK_MS);
  } finally {
    clearTimeout(timer);
    try {
      conn?.close();
    } catch {
      // already closed
    }
  }
}
