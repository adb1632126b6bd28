// How `npm test` splits the end-to-end tests into Playwright runs that go side by side on a 2-core machine.
//
// Two kinds of work, with opposite needs:
// - the site projects (one per sites.json prefix) are bound by CPU: each test is a cold page load in a fresh context,
//   about a second of Chromium's time. They run in one run on the demo's ports, two workers (one per core);
// - the fault tests inject faults into the whole simulator, so they go one at a time on a demo of their own, and they
//   mostly wait (a slow operator, a held reply, a socket brought back): a fault run uses a third of a core. The deploy
//   project (its own nginx) and theme-kit (its own servers) are alike. They go into lanes: each lane is a Playwright
//   run with one worker on a demo of its own (every port moved by the lane's offset), so the lanes' waits overlap.
//
// The units a lane takes (a fault file, the deploy project, the theme-kit project, or a whole site project when the
// sites' run would otherwise end last) are spread by their expected time: the last run's, kept in
// node_modules/.cache/member-e2e/durations.json, or, without one, a guess from the number of tests. Longest first, each
// to the lane that would end first (LPT); then the smallest site projects move from the sites' run to a lane while the
// lane still ends first. A new fault file lands in a lane by itself: nothing to list here.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Port offsets of the lanes' demos. Lane 0 also takes theme-kit, whose specs move ports by 60-79 from the lane's. */
export const LANE_OFFSETS = [20, 30];
/** Projects whose tests go into lanes, by their folder under e2e/. */
export const LANE_PROJECTS = { faults: 'faults', deploy: 'deploy', 'theme-kit': 'theme-kit' };
/** Units a lane holds whole, and the lane that must hold them (theme-kit's ports are clear of the others only there). */
const PINNED = { 'theme-kit': 0 };
/** Seconds a test takes when no run has timed it yet, by where it runs. */
const GUESS = { site: 1.6, faults: 5, deploy: 1.5, 'theme-kit': 2 };

/** A unit's key: a project (`pre8`, `deploy`) or a project's file (`faults|faults/api-faults.spec.ts`). */
export const unitKey = (project, file) => (file ? `${project}|${file}` : project);

/**
 * Seconds per unit from Playwright JSON reports: every test's duration (its last try), summed per site project, per
 * file of the faults project, and per deploy and theme-kit project.
 * @param {object[]} reports Playwright's JSON reports (null ones are skipped)
 */
export function unitDurations(reports) {
  return tally(reports, (result) => (result.duration ?? 0) / 1000);
}

/** Tests per unit, from the JSON of `playwright test --list` (tests without results). */
export function unitCounts(report) {
  return tally([report], () => 1, { listed: true });
}

function tally(reports, amount, { listed = false } = {}) {
  const durations = {};
  const walk = (suite, file) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const result = listed ? {} : test.results?.at(-1);
        if (!result) continue;
        const key = test.projectName === 'faults' ? unitKey('faults', `faults/${path.basename(spec.file ?? here)}`) : test.projectName;
        durations[key] = (durations[key] ?? 0) + amount(result);
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const report of reports) for (const suite of report?.suites ?? []) walk(suite, suite.file);
  return durations;
}

/**
 * The expected seconds of each unit: the last run's where there is one, else tests × a guess.
 * @param {{ sites: string[], faultFiles: string[], counts?: Record<string, number>, last?: Record<string, number> }} input
 *   counts: tests per unit key (from `playwright test --list`), used where `last` has no figure
 */
export function expectedDurations({ sites, faultFiles, counts = {}, last = {} }) {
  const guess = (key, kind) => last[key] ?? (counts[key] ?? (kind === 'faults' ? 4 : kind === 'site' ? 60 : 8)) * GUESS[kind];
  return [
    ...sites.map((site) => ({ key: site, project: site, kind: 'site', seconds: guess(site, 'site') })),
    ...faultFiles.map((file) => ({
      key: unitKey('faults', file),
      project: 'faults',
      file,
      kind: 'faults',
      seconds: guess(unitKey('faults', file), 'faults'),
    })),
    { key: 'deploy', project: 'deploy', kind: 'deploy', seconds: guess('deploy', 'deploy') },
    { key: 'theme-kit', project: 'theme-kit', kind: 'theme-kit', seconds: guess('theme-kit', 'theme-kit') },
  ];
}

/**
 * The runs: the sites' run (its projects, `workers` at once) and one per lane offset (its units, one at a time).
 * Each run's `seconds` is what it is expected to take.
 * @param {{ key: string, project: string, file?: string, kind: string, seconds: number }[]} units
 * @param {{ lanes?: number[], workers?: number }} [options]
 */
export function planRuns(units, { lanes = LANE_OFFSETS, workers = 2 } = {}) {
  const sitesRun = { units: [], seconds: 0 };
  const laneRuns = lanes.map((offset) => ({ offset, units: [], seconds: 0 }));
  const put = (run, unit, share = 1) => {
    run.units.push(unit);
    run.seconds += unit.seconds / share;
  };
  const byLength = (a, b) => b.seconds - a.seconds || a.key.localeCompare(b.key);
  const laneUnits = units.filter((unit) => unit.kind !== 'site').sort(byLength);
  for (const unit of laneUnits.filter((item) => item.key in PINNED)) put(laneRuns[Math.min(PINNED[unit.key], laneRuns.length - 1)], unit);
  for (const unit of laneUnits.filter((item) => !(item.key in PINNED))) {
    put(
      laneRuns.reduce((best, run) => (run.seconds < best.seconds ? run : best)),
      unit,
    );
  }
  const sites = units.filter((unit) => unit.kind === 'site').sort(byLength);
  for (const unit of sites) put(sitesRun, unit, workers);
  // The smallest site projects move to the lane that ends first while that lane still ends before the sites' run does.
  // A site project's tests are bound by CPU wherever they run: in a lane they only take the time the lane's waiting
  // tests leave, so a lane never takes more than it can finish within the sites' run.
  for (const unit of [...sites].reverse()) {
    if (sitesRun.units.length === 1) break;
    const lane = laneRuns.reduce((best, run) => (run.seconds < best.seconds ? run : best));
    if (lane.seconds + unit.seconds > sitesRun.seconds - unit.seconds / workers) break;
    sitesRun.units.splice(sitesRun.units.indexOf(unit), 1);
    sitesRun.seconds -= unit.seconds / workers;
    put(lane, unit);
  }
  return { sites: { ...sitesRun, workers }, lanes: laneRuns };
}

/**
 * Playwright's arguments for a run's units: the projects, and, when some units are files of a project, file filters
 * (a whole project's unit then filters by its folder, so its tests still all match).
 * @param {{ project: string, file?: string, kind: string }[]} units
 * @param {Record<string, string>} folders each project's folder under e2e/ (site projects: `tests`)
 */
export function runArguments(units, folders) {
  const projects = [...new Set(units.map((unit) => unit.project))];
  const args = projects.map((project) => `--project=${project}`);
  if (units.some((unit) => unit.file)) {
    const filters = new Set(units.map((unit) => (unit.file ? unit.file : `${folders[unit.project] ?? 'tests'}/`)));
    args.push(...filters);
  }
  return args;
}

const cacheFile = (root) => path.join(root, 'node_modules', '.cache', 'member-e2e', 'durations.json');

/** The last run's seconds per unit, or an empty record. */
export function readLastDurations(root) {
  try {
    return JSON.parse(readFileSync(cacheFile(root), 'utf8'));
  } catch {
    return {};
  }
}

/** Keeps this run's seconds per unit for the next, over the last run's (a unit this run did not time keeps its figure). */
export function writeDurations(root, durations) {
  const file = cacheFile(root);
  mkdirSync(path.dirname(file), { recursive: true });
  const merged = {
    ...readLastDurations(root),
    ...Object.fromEntries(Object.entries(durations).map(([key, seconds]) => [key, Math.round(seconds * 10) / 10])),
  };
  writeFileSync(file, `${JSON.stringify(merged, null, 2)}\n`);
  return file;
}

/** Whether a run's plan can be made without asking Playwright for its tests: every unit has a last time. */
export function hasEveryDuration(units, last) {
  return units.every((unit) => Object.hasOwn(last, unit.key));
}

/** A line for each run: what it holds and how long it is expected to take, then took. */
export function describeRun(label, run, took) {
  const names = run.units.map((unit) => unit.file ?? unit.project).join(', ');
  return `  ${label.padEnd(16)} ${names}: expected ${Math.round(run.seconds)} s${took === undefined ? '' : `, took ${Math.round(took)} s`}`;
}
