// scripts/e2e-lanes.mjs: how `npm test` splits the end-to-end tests into runs side by side.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expectedDurations, planRuns, readLastDurations, runArguments, unitCounts, unitDurations, writeDurations } from './e2e-lanes.mjs';

const sites = ['pre8', 'os39', 'bkmc', 'ufkk', 'sm88'];
const faultFiles = [
  'faults/api-faults.spec.ts',
  'faults/faults.spec.ts',
  'faults/realtime-faults.spec.ts',
  'faults/withdraw-faults.spec.ts',
];
const folders = {
  pre8: 'tests',
  os39: 'tests',
  bkmc: 'tests',
  ufkk: 'tests',
  sm88: 'tests',
  faults: 'faults',
  deploy: 'deploy',
  'theme-kit': 'theme-kit',
};
/** The seconds each unit took in a quiet run before the lanes (one fault run beside the sites' run). */
const quiet = {
  pre8: 312.5,
  os39: 187.8,
  bkmc: 194.4,
  ufkk: 19.9,
  sm88: 108.8,
  deploy: 16.6,
  'theme-kit': 6.8,
  'faults|faults/withdraw-faults.spec.ts': 107.7,
  'faults|faults/api-faults.spec.ts': 67.3,
  'faults|faults/faults.spec.ts': 59.8,
  'faults|faults/realtime-faults.spec.ts': 21.8,
};
const names = (run) => run.units.map((unit) => unit.file ?? unit.project);

test('the fault files, deploy and theme-kit go into lanes by their time, theme-kit in the first; small site projects fill the lanes while they end first', () => {
  const plan = planRuns(expectedDurations({ sites, faultFiles, last: quiet }));
  assert.deepEqual(names(plan.sites), ['pre8', 'bkmc', 'os39']);
  assert.equal(plan.sites.workers, 2);
  assert.deepEqual(
    plan.lanes.map((lane) => lane.offset),
    [20, 30],
  );
  assert.deepEqual(names(plan.lanes[0]), ['theme-kit', 'faults/api-faults.spec.ts', 'faults/faults.spec.ts', 'ufkk']);
  assert.deepEqual(names(plan.lanes[1]), ['faults/withdraw-faults.spec.ts', 'faults/realtime-faults.spec.ts', 'deploy', 'sm88']);
  // Every lane ends before the sites' run, and every unit is placed once.
  for (const lane of plan.lanes) assert.ok(lane.seconds <= plan.sites.seconds, `${lane.seconds} <= ${plan.sites.seconds}`);
  assert.equal([plan.sites, ...plan.lanes].flatMap((run) => run.units).length, sites.length + faultFiles.length + 2);
});

test('a fault file no run has timed is guessed from its tests and still lands in a lane; a first run guesses everything', () => {
  const withNew = planRuns(
    expectedDurations({
      sites,
      faultFiles: [...faultFiles, 'faults/new-faults.spec.ts'],
      counts: { 'faults|faults/new-faults.spec.ts': 6 },
      last: quiet,
    }),
  );
  assert.ok(withNew.lanes.some((lane) => names(lane).includes('faults/new-faults.spec.ts')));
  assert.ok(!names(withNew.sites).includes('faults/new-faults.spec.ts'));
  const first = planRuns(expectedDurations({ sites, faultFiles, counts: { pre8: 167, os39: 114, bkmc: 114, ufkk: 15, sm88: 57 } }));
  assert.deepEqual(names(first.sites).slice(0, 1), ['pre8']);
  assert.ok(first.lanes.every((lane) => lane.seconds <= first.sites.seconds));
});

test("a run's arguments: its projects, and file filters only when some of its units are files (a whole project then by its folder)", () => {
  const plan = planRuns(expectedDurations({ sites, faultFiles, last: quiet }));
  assert.deepEqual(runArguments(plan.sites.units, folders), ['--project=pre8', '--project=bkmc', '--project=os39']);
  assert.deepEqual(runArguments(plan.lanes[0].units, folders), [
    '--project=theme-kit',
    '--project=faults',
    '--project=ufkk',
    'theme-kit/',
    'faults/api-faults.spec.ts',
    'faults/faults.spec.ts',
    'tests/',
  ]);
});

test("the times kept for the next run: per site project, per fault file, per deploy and theme-kit project, merged over the last run's", () => {
  const report = {
    suites: [
      {
        file: 'accessibility.spec.ts',
        specs: [
          {
            file: 'accessibility.spec.ts',
            tests: [
              { projectName: 'pre8', results: [{ duration: 1500 }] },
              { projectName: 'os39', results: [{ duration: 500 }, { duration: 1000 }] },
            ],
          },
        ],
      },
      {
        file: 'api-faults.spec.ts',
        suites: [{ specs: [{ file: 'api-faults.spec.ts', tests: [{ projectName: 'faults', results: [{ duration: 4000 }] }] }] }],
      },
      { file: 'deploy.spec.ts', specs: [{ file: 'deploy.spec.ts', tests: [{ projectName: 'deploy', results: [{ duration: 250 }] }] }] },
    ],
  };
  assert.deepEqual(unitDurations([report, null]), { pre8: 1.5, os39: 1, 'faults|faults/api-faults.spec.ts': 4, deploy: 0.25 });
  assert.deepEqual(unitCounts(report), { pre8: 1, os39: 1, 'faults|faults/api-faults.spec.ts': 1, deploy: 1 });
  const root = mkdtempSync(path.join(tmpdir(), 'e2e-lanes-'));
  try {
    assert.deepEqual(readLastDurations(root), {});
    writeDurations(root, { pre8: 300.04, deploy: 17 });
    writeDurations(root, { pre8: 290 });
    assert.deepEqual(readLastDurations(root), { pre8: 290, deploy: 17 });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
