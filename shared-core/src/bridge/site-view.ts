import type { SiteView, SiteViewFacts } from './types';

/**
 * The site as the bridge sends it: its 2.5 words, and the same facts under their 2.0-2.4 names (`web`, `layout`, `css`,
 * `divisions`) for brand teams' remotes built before 2.5. The one place those names are written; nothing of ours
 * reads them.
 */
export function withPre25Names(facts: SiteViewFacts): SiteView {
  return { ...facts, web: facts.name, layout: facts.theme, css: facts.flavour, divisions: facts.divided };
}
