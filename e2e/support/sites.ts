import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Site } from '@member/shared-core';
import { validateSitesFile } from '@member/shared-core/schema/config';

/** The workspace's sites.json, as written (for a test that serves a changed copy of an entry). */
export const SITES_FILE = path.resolve(import.meta.dirname, '../../sites.json');

/**
 * The deployment's sites, read through the schema the host reads the file with, in the project's words. A file the
 * host would refuse, or an entry it would set aside, stops the run here: every test depends on them.
 */
function readSites(): Site[] {
  const checked = validateSitesFile(JSON.parse(readFileSync(SITES_FILE, 'utf8')));
  if (!checked.ok) throw new Error(`sites.json: ${checked.field} ${checked.problem}`);
  const problems = (checked.value.invalid ?? []).flatMap((entry) => entry.problems.map((p) => `${p.field} ${p.problem}`));
  if (problems.length > 0) throw new Error(`sites.json: ${problems.join('; ')}`);
  return checked.value.sites;
}

export const SITES: readonly Site[] = readSites();

export function siteOf(key: string): Site {
  const site = SITES.find((s) => s.key === key);
  if (!site) throw new Error(`no site ${key} in sites.json`);
  return site;
}
