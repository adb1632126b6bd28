import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The host's folders in three tiers, top to bottom (docs/architecture.md; enforced by eslint.config.mjs): the app (boot, routes and guards, the
 * bridge, the member chunks) composes the features; the features stand on the core; the core knows no feature.
 * A folder imports only folders of the groups below its own: two folders of one group never import each other.
 * `accounts` stands below the other features, which may use it where their domain needs it.
 */
export const HOST_TIERS = [
  { tier: 'app', groups: [['boot'], ['app'], ['bridge'], ['member']] },
  { tier: 'feature', groups: [['session', 'lobby', 'wallet', 'realtime', 'theme', 'worker'], ['accounts']] },
  { tier: 'core', groups: [['core'], ['api'], ['i18n'], ['config'], ['lib']] },
];
const hostGroups = HOST_TIERS.flatMap(({ tier, groups }) => groups.map((folders) => ({ tier, folders })));

const TIER_RULE = {
  app: 'inside the app, boot stands on the routes, the routes on the bridge, the bridge on the member chunks',
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

/** The folders of code under `srcDir` that no tier names (a folder of stylesheets only is no code). */
export function unplacedHostFolders(srcDir) {
  return readdirSync(srcDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !hostFolders.includes(entry.name))
    .filter((entry) => readdirSync(join(srcDir, entry.name), { recursive: true }).some((name) => /\.tsx?$/.test(String(name))))
    .map((entry) => entry.name);
}

/** A new folder of code in the host is placed in a tier before anything lints. */
export function assertHostFoldersPlaced(srcDir) {
  const unplaced = unplacedHostFolders(srcDir);
  if (unplaced.length > 0) throw new Error(`host/src/${unplaced[0]} is in no tier: place it in HOST_TIERS (scripts/host-tiers.mjs).`);
}

