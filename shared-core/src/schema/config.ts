/**
 * The checks of `config.json` and `sites.json`, which only the host's boot runs. Beside the reply schemas (which share
 * their validator) rather than in the shared entry, so the validator is bundled once.
 */
export { validateSitesFile } from './site-config';
export { validateRuntimeConfig } from './runtime-config';
