import { readFileSync } from 'node:fs';
import type { Site } from '@member/shared-core';
import { validateSitesFile } from '@member/shared-core/schema/config';

/**
 * The brand registry the host also reads (the workspace's sites.json), read through the same schema into the same
 * `Site`s. The simulator uses a few facts of each: the brand's name and LINE contacts, its divisions, its promotion
 * link and whether it takes registrations.
 */
export type SimSite = Site;

export class SiteDirectory {
  private readonly byKey: Map<string, SimSite>;

  constructor(readonly sites: readonly SimSite[]) {
    this.byKey = new Map(sites.map((site) => [site.key, site]));
  }

  get(prefix: string | undefined | null): SimSite | undefined {
    return prefix ? this.byKey.get(prefix) : undefined;
  }

  keys(): string[] {
    return this.sites.map((site) => site.key);
  }

  /** Division prefixes of a divided site (the keys of its LINE contacts), sorted; empty otherwise. */
  divisionsOf(site: SimSite): string[] {
    return site.divided && typeof site.brand.lineId === 'object' ? Object.keys(site.brand.lineId).sort() : [];
  }
}

/** The operator API's `divisions` field (checkPrefix, login) as the site's requests must give it: "true" or "false". */
export const divisionsField = (site: SimSite): 'true' | 'false' => (site.divided ? 'true' : 'false');

/**
 * Every site of the file, or an error naming every problem of it by the file's own field paths. Where the host would
 * serve the other brands beside a broken entry, the simulator refuses to start: its replies would disagree with the
 * host's about that brand.
 */
export function parseSites(input: unknown, file = 'sites.json'): SimSite[] {
  const checked = validateSitesFile(input);
  if (!checked.ok) throw new Error(`${file}: ${checked.field} ${checked.problem}`);
  const { sites, invalid = [] } = checked.value;
  const problems = invalid.flatMap((entry) => entry.problems.map(({ field, problem }) => `${field} ${problem}`));
  if (problems.length > 0) throw new Error(`${file}: ${problems.join('; ')}`);
  return sites;
}

export function loadSites(file: string): SiteDirectory {
  let input: unknown;
  try {
    input = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read sites file ${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return new SiteDirectory(parseSites(input, file));
}
