/**
 * The checks of `config.json` and `sites.json`: the host's boot runs them, and so do the operator's tools
 * (`npm run check-config`, `deploy/write-nginx-includes.mjs`), so a file the host would refuse is refused before it is
 * deployed. Beside the validator the catalogue of operator calls uses too (`api/calls.ts`) rather than in the shared
 * entry, so the validator is bundled once.
 */
export { toSite, validateSitesFile } from './site-config';
export { checkRuntimeConfig, validateRuntimeConfig } from './runtime-config';
