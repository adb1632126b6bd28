// What the whole machine's CPUs did during a stretch of time, from Linux's /proc/stat: how many cores were busy and how
// much of that was the kernel's. `npm test` prints it beside each stage's time, so that a run slowed by its machine
// (every core busy, a large share in the kernel, as on a virtual machine where page faults and process starts are dear)
// reads differently from a run slowed by more work in the suite. Elsewhere than Linux the reading is null and nothing
// is printed. Node's own os.cpus() times are not used: they leave out iowait and the kernel's soft interrupts (where
// network traffic is handled), which /proc/stat counts.
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/stat's counters (USER_HZ, 100 on every Linux Node runs on). */
const TICKS = 100;

/**
 * The aggregate `cpu` line of /proc/stat as ticks: `user` (user and nice), `system` (system, irq, softirq), `idle`
 * (idle and iowait), `cores` (the `cpuN` lines). Steal time, when the hypervisor ran others, is no core's work here.
 * @param {string} text /proc/stat's contents
 * @returns {{ user: number, system: number, idle: number, cores: number } | null}
 */
export function parseProcStat(text) {
  const lines = text.split('\n');
  const total = lines.find((line) => /^cpu\s/.test(line));
  if (!total) return null;
  const [user, nice, system, idle, iowait = 0, irq = 0, softirq = 0] = total.trim().split(/\s+/).slice(1).map(Number);
  if ([user, nice, system, idle].some((value) => !Number.isFinite(value))) return null;
  return {
    user: user + nice,
    system: system + irq + softirq,
    idle: idle + iowait,
    cores: lines.filter((line) => /^cpu\d+\s/.test(line)).length,
  };
}

/** This machine's counters now, or null where there is no /proc/stat. */
export function readCpu() {
  try {
    return parseProcStat(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return null;
  }
}

/**
 * The CPU spent between two readings: seconds of work, the cores busy on average, the kernel's share.
 * @param {ReturnType<typeof parseProcStat>} before
 * @param {ReturnType<typeof parseProcStat>} after
 * @returns {{ seconds: number, busyCores: number, cores: number, systemShare: number } | null}
 */
export function cpuBetween(before, after) {
  if (!before || !after) return null;
  const user = after.user - before.user;
  const system = after.system - before.system;
  const idle = after.idle - before.idle;
  const all = user + system + idle;
  if (all <= 0) return null;
  const work = user + system;
  return {
    seconds: work / TICKS,
    busyCores: (work / all) * after.cores,
    cores: after.cores,
    systemShare: work > 0 ? system / work : 0,
  };
}

/** A stretch's CPU in a few words: `2,870 CPU-s, 1.96 of 2 cores busy, 29% in the kernel`. */
export function describeCpu(spent) {
  if (!spent) return '';
  const seconds = Math.round(spent.seconds).toLocaleString('en-US');
  return `${seconds} CPU-s, ${spent.busyCores.toFixed(2)} of ${spent.cores} cores busy, ${Math.round(spent.systemShare * 100)}% in the kernel`;
}
