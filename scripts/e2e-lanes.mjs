// How `npm test` splits the end-to-end tests into Playwright runs that go side by side on a 2-core machine.
//
// Two kinds of work, with opposite needs:
// - the site projects (one per sites.json prefix) are bound by CPU: each test is a cold page load in a fresh context,
//   about a second of Chromium's time. They run in one run on the demo's ports, two workers (one per core);
// - the fault tests inject faults into the whole simulator, so they go one at a time on a demo of their own, and they
//   mostly wait (a slow operator, a held reply, a socket brought back): a fault run uses a third of a core. The deploy
//   project (its own nginx) and theme-kit (its own servers) are alike. They go into a lane: a Playwright run with one
//   worker on a demo of its own (every port moved by the lane's offset), whose waits leave the cores to the sites' run.
//   One lane, not two: each browser more on two cores costs every test more CPU (measured on whole end-to-end stages:
//   1,089 core-seconds with one lane, about 1,210 with two, for the same tests), and the stage took 613 s against 632 s.
//
// The units a lane takes (a fault file, the deploy project, the theme-kit project, a whole site project, or one file of
// a site project when the sites' run would otherwise end last) are spread by their expected time: the last run's, kept
// in node_modules/.cache/member-e2e/durations.json; on a clone with no run yet, e2e/durations.json's (a run's figures
// kept in the repository); for a unit neither has, a guess from its number of tests. Longest first, each to the lane
// that would end first (LPT); then the smallest site projects move from the sites' run to a lane while the lane still
// ends first, and then single files of the sites' run's projects do, the longest that fit first. A new fault file
// lands in a lane by itself: nothing to list here.
//
// Which files of a project a run takes goes to Playwright in E2E_FILES (see filesOfProject): a run's command line
// names projects only, since a file filter there would apply to every project of the run.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Port offsets of the lanes' demos (the planner takes any number; `npm test` runs one). Lane 0 also takes theme-kit,
 * whose specs move ports by 60-79 from the lane's. */
export const LANE_OFFSETS = [20];
/** Projects whose tests go into lanes, by their folder under e2e/. */
export const LANE_PROJECTS = { faults: 'faults', deploy: 'deploy', 'theme-kit': 'theme-kit' };
/** Units a lane holds whole, and the lane that must hold them (theme-kit's ports are clear of the others only there). */
const PINNED = { 'theme-kit': 0 };
/** The site projects' folder under e2e/. */
export const SITE_FOLDER = 'tests';
/** Seconds a test takes when no run has timed it yet, by where it runs. */
const GUESS = { site: 1.6, faults: 5, deploy: 1.5, 'theme-kit': 2 };

/** A unit's key: a project (`pre8`, `deploy`) or a project's file (`faults|faults/api-faults.spec.ts`). */
export const unitKey = (project, file) => (file ? `${project}|${file}` : project);

/**
 * Seconds per unit from Playwright JSON reports: every test's duration (its last try), summed per site project and per
 * file of each site project, per file of the faults project, and per deploy and theme-kit project.
 * @param {object[]} reports Playwright's JSON reports (null ones are skipped)
 */
export function unitDurations(reports) {
  return tally(reports, (result) => (result.duration ?? 0) / 1000);
}

/** Tests per unit, from the JSON of `playwright test --list` (tests without results). */
export function unitCounts(report) {
  return tally([report], () => 1, { listed: true });
}

/**
 * Every test of a Playwright JSON report, nested suites included: its spec, the test (one per project), the file its
 * suite names, and the titles of the describe blocks around it.
 * @param {object | null} report
 * @returns {Generator<{ spec: object, test: object, file: string | undefined, titles: string[] }>}
 */
export function* playwrightTests(report) {
  function* walk(suite, file, titles) {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) for (const test of spec.tests ?? []) yield { spec, test, file: here, titles };
    for (const child of suite.suites ?? []) yield* walk(child, here, [...titles, child.title]);
  }
  for (const suite of report?.suites ?? []) yield* walk(suite, suite.file, []);
}

function tally(reports, amount, { listed = false } = {}) {
  const durations = {};
  for (const report of reports) {
    for (const { spec, test, file: here } of playwrightTests(report)) {
      const result = listed ? {} : test.results?.at(-1);
      if (!result) continue;
      const file = path.basename(spec.file ?? here);
      const project = test.projectName;
      const keys =
        project === 'faults'
          ? [unitKey('faults', `faults/${file}`)]
          : project in LANE_PROJECTS
            ? [project]
            : [project, unitKey(project, `${SITE_FOLDER}/${file}`)];
      for (const key of keys) durations[key] = (durations[key] ?? 0) + amount(result);
    }
  }
  return durations;
}

/**
 * The expected seconds of each unit: the last run's where there is one, else tests × a guess.
 * @param {{ sites: string[], faultFiles: string[], siteFiles?: string[], counts?: Record<string, number>, last?: Record<string, number> }} input
 *   siteFiles: the site projects' spec files (`tests/…`), when known; counts: tests per unit key (from
 *   `playwright test --list`), used where `last` has no figure
 */
export function expectedDurations({ sites, faultFiles, siteFiles, counts = {}, last = {} }) {
  const guess = (key, kind) => last[key] ?? (counts[key] ?? (kind === 'faults' ? 4 : kind === 'site' ? 60 : 8)) * GUESS[kind];
  // A site project's files, with the times the last run gave them (a file no run has timed stays in its project's run,
  // and one the suite no longer has is left out).
  const filesOf = (site) =>
    Object.entries(last)
      .filter(([key]) => key.startsWith(`${site}|`) && (!siteFiles || siteFiles.includes(key.slice(site.length + 1))))
      .map(([key, seconds]) => ({ key, project: site, file: key.slice(site.length + 1), kind: 'site-file', seconds }));
  return [
    ...sites.map((site) => ({ key: site, project: site, kind: 'site', seconds: guess(site, 'site'), files: filesOf(site) })),
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
 * How much earlier than the sites' run a lane is planned to end, as a share of the sites' run. A lane overruns its plan
 * more than the sites' run does (clean runs: lanes 5 to 61 s over, the sites' run 9 s under to 52 s over), and a lane
 * left running alone uses one core while its tests wait; the sites' run left alone keeps both busy.
 */
export const LANE_END_MARGIN = 0.07;

/**
 * The runs: the sites' run (its projects, `workers` at once, less the files it hands to lanes: `handedOver`) and one
 * per lane offset (its units, one at a time). Each run's `seconds` is what it is expected to take.
 * @param {{ key: string, project: string, file?: string, kind: string, seconds: number }[]} units
 * @param {{ lanes?: number[], workers?: number }} [options]
 */
export function planRuns(units, { lanes = LANE_OFFSETS, workers = 2 } = {}) {
  const sitesRun = { units: [], handedOver: [], seconds: 0 };
  const laneRuns = lanes.map((offset) => ({ offset, units: [], seconds: 0 }));
  const put = (run, unit, share = 1) => {
    run.units.push(unit);
    run.seconds += unit.seconds / share;
  };
  const byLength = (a, b) => b.seconds - a.seconds || a.key.localeCompare(b.key);
  const firstToEnd = () => laneRuns.reduce((best, run) => (run.seconds < best.seconds ? run : best));
  const laneUnits = units.filter((unit) => unit.kind !== 'site').sort(byLength);
  for (const unit of laneUnits.filter((item) => item.key in PINNED)) put(laneRuns[Math.min(PINNED[unit.key], laneRuns.length - 1)], unit);
  for (const unit of laneUnits.filter((item) => !(item.key in PINNED))) {
    put(firstToEnd(), unit);
  }
  const sites = units.filter((unit) => unit.kind === 'site').sort(byLength);
  for (const unit of sites) put(sitesRun, unit, workers);
  // When a lane that takes `unit` from the sites' run must end: LANE_END_MARGIN before the sites' run without it.
  const endsBy = (unit) => (sitesRun.seconds - unit.seconds / workers) * (1 - LANE_END_MARGIN);
  // The smallest site projects move to the lane that ends first while that lane still ends by then.
  // A site project's tests are bound by CPU wherever they run: in a lane they only take the time the lane's waiting
  // tests leave, so a lane never takes more than it can finish within the sites' run.
  for (const unit of [...sites].reverse()) {
    if (sitesRun.units.length === 1) break;
    const lane = firstToEnd();
    if (lane.seconds + unit.seconds > endsBy(unit)) break;
    sitesRun.units.splice(sitesRun.units.indexOf(unit), 1);
    sitesRun.seconds -= unit.seconds / workers;
    put(lane, unit);
  }
  // Then single files of the projects left in the sites' run, the longest first, on the same condition: what a lane
  // still has room for once no whole project fits (pre8, with the tests that run in its project only, is the largest).
  const files = sitesRun.units.flatMap((unit) => unit.files ?? []).sort(byLength);
  for (const file of files) {
    const lane = firstToEnd();
    if (lane.seconds + file.seconds > endsBy(file)) continue;
    sitesRun.handedOver.push(file);
    sitesRun.seconds -= file.seconds / workers;
    put(lane, file);
  }
  return { sites: { ...sitesRun, workers }, lanes: laneRuns };
}

/** The variable that tells e2e/playwright.config.ts which files of a project a run takes. */
export const FILES_VARIABLE = 'E2E_FILES';

/**
 * Playwright's arguments and environment for a run: its projects on the command line; in E2E_FILES, for a project the
 * run takes some files of, those files (`only`), and for a project some of whose files other runs take, those files
 * (`skip`). A whole project's unit needs neither.
 * @param {{ project: string, file?: string }[]} units
 * @param {{ project: string, file: string }[]} [handedOver] files of this run's projects that other runs take
 * @returns {{ args: string[], env: Record<string, string> }}
 */
export function runSelection(units, handedOver = []) {
  const args = [...new Set(units.map((unit) => unit.project))].map((project) => `--project=${project}`);
  const files = {};
  const add = (project, list, file) => {
    files[project] ??= {};
    (files[project][list] ??= []).push(file);
  };
  for (const unit of units) if (unit.file) add(unit.project, 'only', unit.file);
  for (const unit of handedOver) add(unit.project, 'skip', unit.file);
  return { args, env: Object.keys(files).length ? { [FILES_VARIABLE]: JSON.stringify(files) } : {} };
}

const cacheFile = (root) => path.join(root, 'node_modules', '.cache', 'member-e2e', 'durations.json');
/** A run's seconds per unit kept in the repository: the plan of a clone's first run (a copy of a run's cache file). */
export const seedFile = (root) => path.join(root, 'e2e', 'durations.json');

const readRecord = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

/** The last run's seconds per unit; on a clone with no run yet, the repository's figures; else an empty record. */
export function readLastDurations(root) {
  return readRecord(cacheFile(root)) ?? readRecord(seedFile(root)) ?? {};
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
  const handed = (project) => (run.handedOver ?? []).filter((unit) => unit.project === project).map((unit) => unit.file);
  const names = run.units
    .map((unit) => {
      if (unit.kind === 'site-file') return `${unit.project} ${unit.file}`;
      if (unit.file) return unit.file;
      const less = handed(unit.project);
      return less.length ? `${unit.project} (less ${less.join(', ')})` : unit.project;
    })
    .join(', ');
  return `  ${label.padEnd(16)} ${names}: expected ${Math.round(run.seconds)} s${took === undefined ? '' : `, took ${Math.round(took)} s`}`;
}

/**
 * Where a run's time went: seconds of tests per spec file, summed over the projects that ran it (a site file runs in
 * up to every site project), the `longest` first, each with the projects that ran it. A lane's deploy and theme-kit
 * projects count as one unit each.
 * @param {Record<string, number>} durations unitDurations' record
 * @param {number} [longest]
 * @returns {{ file: string, seconds: number, projects: number }[]}
 */
export function timeByFile(durations, longest = 5) {
  const files = new Map();
  for (const [key, seconds] of Object.entries(durations)) {
    const [project, file] = key.split('|');
    // A site project's own key is the sum of its files: counted through them.
    if (!file && !(project in LANE_PROJECTS)) continue;
    const name = file ?? project;
    const entry = files.get(name) ?? { file: name, seconds: 0, projects: 0 };
    entry.seconds += seconds;
    entry.projects += 1;
    files.set(name, entry);
  }
  return [...files.values()].sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file)).slice(0, longest);
}

/** timeByFile's result as one line: `tests/drawn-pages.spec.ts 195 s (5 projects), deploy 122 s, …`. */
export function describeTimeByFile(rows) {
  return rows.map((row) => `${row.file} ${Math.round(row.seconds)} s${row.projects > 1 ? ` (${row.projects} projects)` : ''}`).join(', ');
}
