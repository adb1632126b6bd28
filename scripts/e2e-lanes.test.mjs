// scripts/e2e-lanes.mjs: how `npm test` splits the end-to-end tests into runs side by side.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  describeRun,
  describeTimeByFile,
  expectedDurations,
  LANE_END_MARGIN,
  LANE_OFFSETS,
  planRuns,
  readLastDurations,
  runSelection,
  timeByFile,
  unitCounts,
  unitDurations,
  writeDurations,
} from './e2e-lanes.mjs';

const sites = ['pre8', 'os39', 'bkmc', 'ufkk', 'sm88'];
const faultFiles = [
  'faults/api-faults.spec.ts',
  'faults/faults.spec.ts',
  'faults/realtime-faults.spec.ts',
  'faults/withdraw-faults.spec.ts',
];
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
/** The planner spreads units over any number of lanes; these tests give it two to show how it chooses between them. */
const TWO = { lanes: [20, 30] };

test("npm test's plan: one lane at +20 beside the sites' run, holding every fault file, deploy and theme-kit", () => {
  const plan = planRuns(expectedDurations({ sites, faultFiles, last: quiet }));
  assert.deepEqual(
    plan.lanes.map((lane) => lane.offset),
    LANE_OFFSETS,
  );
  assert.deepEqual(LANE_OFFSETS, [20]);
  const laneNames = names(plan.lanes[0]);
  for (const unit of [...faultFiles, 'deploy', 'theme-kit']) assert.ok(laneNames.includes(unit), unit);
});

test('the fault files, deploy and theme-kit go into lanes by their time, theme-kit in the first; small site projects fill the lanes while they end first', () => {
  const plan = planRuns(expectedDurations({ sites, faultFiles, last: quiet }), TWO);
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

test("files of the sites' run go to a lane that ends early, the longest that fit first; the sites' run skips them", () => {
  // pre8 alone is longer than both lanes together: after the whole projects, its files fill what the lanes leave.
  const last = {
    ...quiet,
    pre8: 400,
    'pre8|tests/drawn-pages.spec.ts': 60,
    'pre8|tests/lobby.spec.ts': 50,
    'pre8|tests/session.spec.ts': 40,
    'pre8|tests/gone.spec.ts': 30,
    'pre8|tests/wallet.spec.ts': 8,
  };
  const siteFiles = ['tests/drawn-pages.spec.ts', 'tests/lobby.spec.ts', 'tests/session.spec.ts', 'tests/wallet.spec.ts'];
  const plan = planRuns(expectedDurations({ sites, faultFiles, siteFiles, last }));
  const handed = plan.sites.handedOver.map((unit) => unit.file);
  assert.ok(handed.length > 0, "some of pre8's files go to lanes");
  assert.ok(!handed.includes('tests/gone.spec.ts'), 'a file the suite no longer has is not planned');
  assert.deepEqual(
    handed,
    [...handed].sort((a, b) => last[`pre8|${b}`] - last[`pre8|${a}`]),
  );
  for (const lane of plan.lanes) assert.ok(lane.seconds <= plan.sites.seconds, `${lane.seconds} <= ${plan.sites.seconds}`);
  const inLanes = plan.lanes.flatMap((lane) => lane.units).filter((unit) => unit.kind === 'site-file');
  assert.deepEqual(inLanes.map((unit) => unit.file).sort(), [...handed].sort());
  // Without files timed, nothing is split.
  assert.deepEqual(planRuns(expectedDurations({ sites, faultFiles, siteFiles, last: { ...quiet, pre8: 400 } })).sites.handedOver, []);
});

test("a lane takes a site project only while it still ends LANE_END_MARGIN before the sites' run", () => {
  const units = (fault) => [
    { key: 'pre8', project: 'pre8', kind: 'site', seconds: 400 },
    { key: 'sm88', project: 'sm88', kind: 'site', seconds: 100 },
    { key: 'faults|a', project: 'faults', file: 'a', kind: 'faults', seconds: fault },
    { key: 'faults|b', project: 'faults', file: 'b', kind: 'faults', seconds: fault },
  ];
  // With sm88, a lane would end with the sites' run (200 s each): too late by the margin, so sm88 stays.
  assert.deepEqual(names(planRuns(units(100), TWO).sites), ['pre8', 'sm88']);
  // Twenty seconds less in each lane, and it moves: the lane ends at 180 s, the sites' run at 200 s.
  const plan = planRuns(units(80), TWO);
  assert.deepEqual(names(plan.sites), ['pre8']);
  assert.ok(plan.lanes.every((lane) => lane.seconds <= plan.sites.seconds * (1 - LANE_END_MARGIN)));
});

test("a run's selection: its projects on the command line; the files it takes or leaves in E2E_FILES", () => {
  const plan = planRuns(expectedDurations({ sites, faultFiles, last: quiet }), TWO);
  assert.deepEqual(runSelection(plan.sites.units, plan.sites.handedOver), {
    args: ['--project=pre8', '--project=bkmc', '--project=os39'],
    env: {},
  });
  const lane = runSelection(plan.lanes[0].units);
  assert.deepEqual(lane.args, ['--project=theme-kit', '--project=faults', '--project=ufkk']);
  assert.deepEqual(JSON.parse(lane.env.E2E_FILES), { faults: { only: ['faults/api-faults.spec.ts', 'faults/faults.spec.ts'] } });
  const split = [{ project: 'pre8', file: 'tests/lobby.spec.ts', kind: 'site-file' }];
  assert.deepEqual(JSON.parse(runSelection([{ project: 'pre8' }, { project: 'bkmc' }], split).env.E2E_FILES), {
    pre8: { skip: ['tests/lobby.spec.ts'] },
  });
  assert.deepEqual(JSON.parse(runSelection(split).env.E2E_FILES), { pre8: { only: ['tests/lobby.spec.ts'] } });
  assert.match(
    describeRun('sites', { units: [{ project: 'pre8' }], handedOver: split, seconds: 10 }),
    /pre8 \(less tests\/lobby\.spec\.ts\)/,
  );
  assert.match(describeRun('lane', { units: split, seconds: 10 }), /pre8 tests\/lobby\.spec\.ts/);
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
  assert.deepEqual(unitDurations([report, null]), {
    pre8: 1.5,
    'pre8|tests/accessibility.spec.ts': 1.5,
    os39: 1,
    'os39|tests/accessibility.spec.ts': 1,
    'faults|faults/api-faults.spec.ts': 4,
    deploy: 0.25,
  });
  assert.deepEqual(unitCounts(report), {
    pre8: 1,
    'pre8|tests/accessibility.spec.ts': 1,
    os39: 1,
    'os39|tests/accessibility.spec.ts': 1,
    'faults|faults/api-faults.spec.ts': 1,
    deploy: 1,
  });
  const root = mkdtempSync(path.join(tmpdir(), 'e2e-lanes-'));
  try {
    assert.deepEqual(readLastDurations(root), {});
    // A clone's first run plans from the repository's figures.
    mkdirSync(path.join(root, 'e2e'));
    writeFileSync(path.join(root, 'e2e', 'durations.json'), '{"pre8": 310}');
    assert.deepEqual(readLastDurations(root), { pre8: 310 });
    writeDurations(root, { pre8: 300.04, deploy: 17 });
    writeDurations(root, { pre8: 290 });
    assert.deepEqual(readLastDurations(root), { pre8: 290, deploy: 17 });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("Playwright takes E2E_FILES as the plan means it: a project's only files, another's files but those skipped", () => {
  const e2e = path.join(import.meta.dirname, '..', 'e2e');
  const cli = createRequire(path.join(e2e, 'package.json')).resolve('@playwright/test/cli');
  const listed = (files) => {
    const result = spawnSync(
      process.execPath,
      [cli, 'test', '--list', '--reporter=json', '--project=pre8', '--project=bkmc', '--project=faults', '--no-deps'],
      {
        cwd: e2e,
        env: { ...process.env, E2E_FILES: JSON.stringify(files), CI: '1', PLAYWRIGHT_JSON_OUTPUT_NAME: '' },
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    assert.equal(result.status, 0, result.stderr);
    const byProject = {};
    const walk = (suite) => {
      for (const spec of suite.specs ?? [])
        for (const item of spec.tests ?? []) (byProject[item.projectName] ??= new Set()).add(path.basename(spec.file));
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of JSON.parse(result.stdout).suites) walk(suite);
    return byProject;
  };
  const files = listed({
    pre8: { only: ['tests/lobby.spec.ts', 'tests/wallet.spec.ts'] },
    bkmc: { skip: ['tests/lobby.spec.ts'] },
    faults: { only: ['faults/faults.spec.ts'] },
  });
  assert.deepEqual([...files.pre8].sort(), ['lobby.spec.ts', 'wallet.spec.ts']);
  assert.ok(files.bkmc.size > 5 && !files.bkmc.has('lobby.spec.ts') && files.bkmc.has('wallet.spec.ts'));
  assert.deepEqual([...files.faults], ['faults.spec.ts']);
});

test('where the time went: seconds per spec file over the projects that ran it, the longest first', () => {
  const durations = {
    pre8: 30,
    'pre8|tests/lobby.spec.ts': 20,
    'pre8|tests/session.spec.ts': 10,
    bkmc: 25,
    'bkmc|tests/lobby.spec.ts': 15,
    'bkmc|tests/session.spec.ts': 10,
    deploy: 40,
    'theme-kit': 5,
    'faults|faults/faults.spec.ts': 22,
  };
  const rows = timeByFile(durations, 3);
  assert.deepEqual(rows, [
    { file: 'deploy', seconds: 40, projects: 1 },
    { file: 'tests/lobby.spec.ts', seconds: 35, projects: 2 },
    { file: 'faults/faults.spec.ts', seconds: 22, projects: 1 },
  ]);
  assert.equal(describeTimeByFile(rows), 'deploy 40 s, tests/lobby.spec.ts 35 s (2 projects), faults/faults.spec.ts 22 s');
  assert.equal(timeByFile({}).length, 0);
});
