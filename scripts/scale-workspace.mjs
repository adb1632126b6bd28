// A deployment grown to many brands and themes, made from the workspace's own run-time files: what `npm run bench`
// (its `scale` part) and the nginx recipe's tests hold to the same budgets as the five-brand demo. The brands take the
// workspace's sites in turn (their logos and looks), each with a key, a name and a promotion origin of its own; the
// themes beyond the workspace's remotes live on origins of their own, signed by the default theme's key. The last brand
// is the workspace's first (pre8, PRE8) under another key, so its pages load from a real remote. Entries are read
// through shared-core's schema and written by its entry writer, so the file's own field names are spelt there alone.
import { importSharedCore } from './shared-core.mjs';

/** `b001`, `b299`: a brand key of four characters, as sites.json's keys are. */
export const brandKey = (index) => `b${String(index).padStart(3, '0')}`;

/**
 * config.json and sites.json of a deployment of `brands` brands and `themes` themes.
 * @param {{ config: object, sites: { sites: object[] }, brands?: number, themes?: number }} workspace the workspace's files
 * @returns {{ config: object, sites: { sites: object[] }, last: string }} `last`: the key of the brand measured
 */
export async function scaledDeployment({ config, sites, brands = 300, themes = 20 }) {
  const [{ toSite, validateSitesFile }, { changeSiteEntry, siteEntryDrawnBy }] = await Promise.all([
    importSharedCore('./schema/config'),
    importSharedCore('./schema/site-entries'),
  ]);
  const checked = validateSitesFile(sites);
  if (!checked.ok) throw new Error(`the workspace's sites.json is refused: ${checked.field}: ${checked.problem}`);
  if (checked.value.invalid)
    throw new Error(`the workspace's sites.json has entries the host refuses: ${JSON.stringify(checked.value.invalid)}`);
  const own = Object.keys(config.remotes);
  const extra = Array.from({ length: Math.max(0, themes - own.length) }, (_, i) => `Theme${String(i + own.length + 1).padStart(2, '0')}`);
  const remotes = {
    ...config.remotes,
    ...Object.fromEntries(extra.map((theme) => [theme, `https://${theme.toLowerCase()}.themes.example/mf-manifest.json`])),
  };
  const defaultKeys = config.remoteKeys?.default;
  const remoteKeys = config.remoteKeys
    ? { ...config.remoteKeys, ...Object.fromEntries(extra.map((theme) => [theme, defaultKeys])) }
    : undefined;
  const themeNames = Object.keys(remotes);
  const template = sites.sites;
  const entries = Array.from({ length: brands }, (_, i) => {
    const last = i === brands - 1;
    const base = structuredClone(template[last ? 0 : i % template.length]);
    const named = changeSiteEntry(base, { name: `${toSite(base).brand.name} ${i}`, promoLink: `https://promo${i}.brands.example/` });
    const drawn = last ? named : siteEntryDrawnBy(named, themeNames[i % themeNames.length]);
    return { ...drawn, key: brandKey(i) };
  });
  const allowedOrigins = [...(config.allowedOrigins ?? []), ...entries.map((site) => new URL(site.promoLink).origin)];
  return {
    config: { ...config, remotes, ...(remoteKeys ? { remoteKeys } : {}), allowedOrigins },
    sites: { ...sites, sites: entries },
    last: brandKey(brands - 1),
  };
}
