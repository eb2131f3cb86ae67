/** Resident memory of a process from /proc/<pid>/status, in MB: VmRSS now, VmHWM the peak. */
import { readFileSync } from "node:fs";

export function statusMB(pid: number | "self", key: "VmRSS" | "VmHWM"): number {
  const m = readFileSync(`/proc/${pid}/status`, "utf8").match(new RegExp(`${key}:\\s+(\\d+) kB`));
  return m ? Number(m[1]) / 1000 : NaN;
}
