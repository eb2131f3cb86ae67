/**
 * A sandbox in its own process (src/sandbox/cli.ts), so the server's memory is
 * measured apart from the client's: VmRSS/VmHWM from /proc, and the peak reset
 * through /proc/<pid>/clear_refs before a measured request.
 */
import { writeFileSync } from "node:fs";
import { statusMB } from "./proc-status.ts";
import { TextLineStream } from "./text-lines.ts";

export interface SandboxProcess {
  url: string;
  token: string;
  pid: number;
  /** Current resident set, MB. */
  rssMB(): number;
  /** Peak resident set since start or the last resetPeak(), MB. */
  peakMB(): number;
  resetPeak(): void;
  stop(): Promise<void>;
}

export async function startSandboxProcess(args: string[], log: (line: string) => void): Promise<SandboxProcess> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "src/sandbox/cli.ts", "--port", "0", ...args],
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  void (async () => {
    for await (const line of child.stderr.pipeThrough(new TextDecoderStream()).pipeThrough(new TextLineStream())) {
      if (line.trim() && !line.includes("nodedir")) log(`  [sandbox] ${line}`);
    }
  })();
  let url = "";
  let token = "";
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).pipeThrough(new TextLineStream());
  for await (const line of lines.values({ preventCancel: true })) {
    url = line.match(/^export GENESYS_API_URL=(.+)$/)?.[1] ?? url;
    token = line.match(/^export GENESYS_TOKEN=(.+)$/)?.[1] ?? token;
    if (url && token) break;
  }
  if (!url || !token) throw new Error(`sandbox ${args.join(" ")} did not start`);
  void lines.pipeTo(new WritableStream()).catch(() => undefined);
  const pid = child.pid;
  return {
    url,
    token,
    pid,
    rssMB: () => statusMB(pid, "VmRSS"),
    peakMB: () => statusMB(pid, "VmHWM"),
    resetPeak: () => writeFileSync(`/proc/${pid}/clear_refs`, "5"),
    stop: async () => {
      child.kill("SIGTERM");
      await child.status;
    },
  };
}
