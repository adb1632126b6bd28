import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpuBetween, describeCpu, parseProcStat, readCpu } from './machine-cpu.mjs';

const stat = (user, nice, system, idle, iowait, irq, softirq) =>
  [
    `cpu  ${user} ${nice} ${system} ${idle} ${iowait} ${irq} ${softirq} 0 0 0`,
    'cpu0 1 0 1 1 0 0 0 0 0 0',
    'cpu1 1 0 1 1 0 0 0 0 0 0',
    'intr 12345',
    'ctxt 999',
  ].join('\n');

test("/proc/stat's cpu line: user with nice, the kernel with its interrupts, idle with iowait, and the cores", () => {
  assert.deepEqual(parseProcStat(stat(100, 5, 40, 1000, 3, 2, 8)), { user: 105, system: 50, idle: 1003, cores: 2 });
});

test('no cpu line, or one that is not numbers, reads as nothing', () => {
  assert.equal(parseProcStat(''), null);
  assert.equal(parseProcStat('intr 1\nctxt 2'), null);
  assert.equal(parseProcStat('cpu  a b c d'), null);
});

test('between two readings: the seconds of work, the cores busy on average, the share in the kernel', () => {
  const before = parseProcStat(stat(0, 0, 0, 0, 0, 0, 0));
  // 140 s of user time and 60 of the kernel's over 100 s of two cores: both busy, 30% in the kernel.
  const after = parseProcStat(stat(140, 0, 50, 0, 0, 4, 6));
  const spent = cpuBetween(before, after);
  assert.deepEqual(spent, { seconds: 2, busyCores: 2, cores: 2, systemShare: 0.3 });
  assert.equal(describeCpu(spent), '2 CPU-s, 2.00 of 2 cores busy, 30% in the kernel');
  // Half the ticks idle: one core's worth busy.
  const half = cpuBetween(before, parseProcStat(stat(300_000, 0, 0, 300_000, 0, 0, 0)));
  assert.equal(describeCpu(half), '3,000 CPU-s, 1.00 of 2 cores busy, 0% in the kernel');
});

test('a missing reading, or none of the clock between them, is no figure and no words', () => {
  const reading = parseProcStat(stat(1, 1, 1, 1, 1, 1, 1));
  assert.equal(cpuBetween(null, reading), null);
  assert.equal(cpuBetween(reading, reading), null);
  assert.equal(describeCpu(null), '');
});

test("this machine's own reading, where it has /proc/stat, has its cores", { skip: process.platform !== 'linux' }, () => {
  const now = readCpu();
  assert.ok(now && now.cores >= 1 && now.user > 0);
});
