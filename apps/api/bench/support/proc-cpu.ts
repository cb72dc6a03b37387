import { readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";

/**
 * CPU counters from /proc (Linux), for reading a load run against the machine it ran on: the
 * server's processes (a cluster primary and its workers), this process, and the whole machine.
 * Elsewhere every reading is NaN and the bench prints it as such.
 */
const TICKS_PER_S = 100;

const statFields = (pid: number): string[] | null => {
  try {
    // Fields after the command name, which may hold spaces: the state is index 0.
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? null;
  } catch {
    return null;
  }
};

/** Seconds of CPU (user + system) `pid` has used so far. */
const cpuSecondsOf = (pid: number): number => {
  const f = statFields(pid);
  return f ? (Number(f[11]) + Number(f[12])) / TICKS_PER_S : Number.NaN;
};

/** `pid` and its children (a cluster's workers), read from /proc. */
export const processTree = (pid: number): number[] => {
  const children: number[] = [];
  try {
    for (const name of readdirSync("/proc")) {
      const child = Number(name);
      if (!Number.isInteger(child)) continue;
      if (Number(statFields(child)?.[1]) === pid) children.push(child);
    }
  } catch {
    return [pid];
  }
  return [pid, ...children];
};

/** Busy and total CPU seconds of the machine (all cores) since boot. */
const machineSeconds = (): { busy: number; total: number } => {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
    const ticks = line.trim().split(/\s+/).slice(1).map(Number);
    const total = ticks.reduce((a, b) => a + b, 0);
    // idle and iowait are the 4th and 5th counters.
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    return { busy: (total - idle) / TICKS_PER_S, total: total / TICKS_PER_S };
  } catch {
    return { busy: Number.NaN, total: Number.NaN };
  }
};

export interface TCpuWindow {
  /** Seconds of CPU per server process over the window (pid -> s). */
  server: Map<number, number>;
  /** Seconds of CPU this process (the load generator) used. */
  generator: number;
  machineBusy: number;
  machineTotal: number;
  wallSeconds: number;
  loadBefore: number[];
  loadAfter: number[];
}

/** Starts a window over `pids` (read again at the end: a worker restarted meanwhile counts from 0). */
export const cpuWindow = (pids: readonly number[]): (() => TCpuWindow) => {
  const before = new Map(pids.map((p) => [p, cpuSecondsOf(p)]));
  const self = process.cpuUsage();
  const machine = machineSeconds();
  const t = performance.now();
  const loadBefore = loadavg();
  return () => {
    const now = machineSeconds();
    const used = process.cpuUsage(self);
    return {
      server: new Map(pids.map((p) => [p, cpuSecondsOf(p) - (before.get(p) ?? Number.NaN)])),
      generator: (used.user + used.system) / 1e6,
      machineBusy: now.busy - machine.busy,
      machineTotal: now.total - machine.total,
      wallSeconds: (performance.now() - t) / 1000,
      loadBefore,
      loadAfter: loadavg(),
    };
  };
};

/** One line: each server process's share of a core, the generator's, the machine's busy share, load averages. */
export const describeCpu = (w: TCpuWindow): string => {
  const share = (s: number) => `${((100 * s) / w.wallSeconds).toFixed(0)}%`;
  const server = [...w.server.values()];
  const serverSum = server.reduce((a, b) => a + b, 0);
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join("/");
  return [
    `server CPU ${serverSum.toFixed(1)} s in ${w.wallSeconds.toFixed(1)} s (${share(serverSum)} of a core; per process ${server.map(share).join(", ")})`,
    `load generator ${w.generator.toFixed(1)} s (${share(w.generator)})`,
    `machine busy ${w.machineBusy.toFixed(1)} of ${w.machineTotal.toFixed(1)} s`,
    `load average ${load(w.loadBefore)} -> ${load(w.loadAfter)}`,
  ].join("; ");
};
