import { readFileSync, openSync, writeSync, closeSync } from "node:fs";
const body = readFileSync(Deno.args[0]!);
const chunks: Buffer[] = []; for (let i = 0; i < body.length; i += 65536) chunks.push(body.subarray(i, i + 65536));
let t = performance.now(); const fd = openSync("/dev/shm/w.csv", "w"); for (const c of chunks) writeSync(fd, c); closeSync(fd); console.log("writeSync", (performance.now() - t).toFixed(0));
t = performance.now(); const f = Deno.openSync("/dev/shm/w2.csv", { write: true, create: true }); for (const c of chunks) f.writeSync(c); f.close(); console.log("Deno.writeSync", (performance.now() - t).toFixed(0));
t = performance.now(); let n = 0; for (const c of chunks) { for (let i = c.indexOf(34); i >= 0; i = c.indexOf(34, i + 1)) n++; } console.log("quote indexOf", n, (performance.now() - t).toFixed(0));
t = performance.now(); n = 0; for (const c of chunks) { if (c.indexOf(92) >= 0) n++; } console.log("backslash indexOf", (performance.now() - t).toFixed(0));
t = performance.now(); n = 0; for (const c of chunks) { const u = new Uint8Array(c.buffer, c.byteOffset, c.length); for (let i = u.indexOf(34); i >= 0; i = u.indexOf(34, i + 1)) n++; } console.log("u8 quote indexOf", n, (performance.now() - t).toFixed(0));
t = performance.now(); n = 0; for (const c of chunks) { for (let i = 0; i < c.length; i++) if (c[i] === 34) n++; } console.log("loop", n, (performance.now() - t).toFixed(0));
