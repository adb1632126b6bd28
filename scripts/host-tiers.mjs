import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The host's folders in three tiers, top to bottom (docs/architecture.md; enforced by eslint.config.mjs), as
 * `host/src` lays them out: `app/` (boot, the routes and guards, the bridge, the member chunks; beside them the service
 * worker's own entry, `worker/`) composes `features/`; the features stand on `core/`; the core knows no feature.
 * A folder imports only folders of the groups below its own: two folders of one group never import each other.
 * `features/accounts` stands below the other features, which may use it where their domain needs it.
 */
export const HOST_TIERS = [
  { tier: 'app', groups: [['worker'], ['app/boot'], ['app/routes'], ['app/bridge'], ['app/member-chunks']] },
  {
    tier: 'feature',
    groups: [
      ['features/session', 'features/lobby', 'features/wallet', 'features/realtime', 'features/remotes', 'features/worker'],
      ['features/accounts'],
    ],
  },
  { tier: 'core', groups: [['core/base'], ['core/api'], ['core/i18n'], ['core/config'], ['core/lib']] },
];

/** The folders of `host/src` that hold the tiers' folders: `app/bridge` is a folder of the app tier, not `app`. */
const TIER_HOMES = ['app', 'features', 'core'];
const hostGroups = HOST_TIERS.flatMap(({ tier, groups }) => groups.map((folders) => ({ tier, folders })));

const TIER_RULE = {
  app: "inside the app, the worker's entry and boot stand on the routes, the routes on the bridge, the bridge on the member chunks",
  feature: 'a feature imports the core and, where its domain needs it, accounts: never another feature, never the app',
  core: 'the core knows no feature and no part of the app (inside it: core, then the API, i18n, config, the shared lib)',
};

/** One zone per folder and each folder it may not import: its own group's others and every group above. */
export function hostTierZones() {
  return hostGroups.flatMap(({ tier, folders }, index) =>
    folders.flatMap((target) =>
      [...hostGroups.slice(0, index).flatMap((group) => group.folders), ...folders.filter((peer) => peer !== target)].map((from) => ({
        target: `./host/src/${target}`,
        from: `./host/src/${from}`,
        message: `host/src/${target} may not import host/src/${from}: ${TIER_RULE[tier]}.`,
      })),
    ),
  );
}
const hostFolders = hostGroups.flatMap((group) => group.folders);

/**
 * The folders of code under `srcDir` that no tier names (a folder of stylesheets only is no code), and code lying
 * loose in `app/`, `features/` or `core/` outside any of their folders.
 */
export function unplacedHostFolders(srcDir) {
  const folders = readdirSync(srcDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) =>
      TIER_HOMES.includes(entry.name)
        ? readdirSync(join(srcDir, entry.name), { withFileTypes: true }).map((inner) => ({
            name: `${entry.name}/${inner.name}`,
            folder: inner.isDirectory(),
          }))
        : [{ name: entry.name, folder: true }],
    );
  const hasCode = (name) => readdirSync(join(srcDir, name), { recursive: true }).some((file) => /\.tsx?$/.test(String(file)));
  return folders
    .filter(({ name, folder }) => !hostFolders.includes(name) && (folder ? hasCode(name) : /\.tsx?$/.test(name)))
    .map(({ name }) => name)
    .sort();
}

/** A new folder of code in the host is placed in a tier before anything lints. */
export function assertHostFoldersPlaced(srcDir) {
  const unplaced = unplacedHostFolders(srcDir);
  if (unplaced.length > 0) throw new Error(`host/src/${unplaced[0]} is in no tier: place it in HOST_TIERS (scripts/host-tiers.mjs).`);
}
