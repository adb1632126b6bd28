import { bytesOfBase64 } from '../../lib/base64-bytes';
import type { AppStart } from './app-start';
import type { EarlyPage } from './page';
import { pageThemes, type EarlySite } from './raw-site';
import { json, owns, record, stored, text } from './values';

/**
 * A preconnect to the origin of each theme this site's pages use, and of the default theme they fall back to: a
 * deployment of many themes costs a visit no connection it will not use.
 */
export function preconnectSiteThemes({ win, link }: EarlyPage, config: Record<string, unknown>, site: EarlySite): void {
  const remotes = record(config.remotes);
  const siteThemes = ['default', site.theme];
  for (const own of site.pages) siteThemes.push(own.theme, own.frame);
  const origins: string[] = [];
  for (const theme of Object.keys(remotes)) {
    if (siteThemes.indexOf(theme) < 0) continue;
    const origin = new URL(text(remotes[theme]), win.location.href).origin;
    if (origin !== win.location.origin && origins.indexOf(origin) < 0) {
      origins.push(origin);
      // Everything of a remote is fetched in CORS mode (integrity is checked only on a response the page may read).
      link('preconnect', origin, undefined, true);
    }
  }
}

/**
 * The first page's theme code, preloaded with the app once it is known to be code the host will run: the first page
 * and its theme as the host's boot picks them, then each theme's manifest and signed list of files. When the list is
 * signed by a key config.json gives for the theme, is a release of that theme no older than the newest this device ran
 * nor than config.json's floor and not expired (the host's own rule, features/remotes/release-freshness.ts), the
 * manifest is the one signed and its contract major is the host's, the remoteEntry and the chunks of the first page
 * (and its frame) are preloaded with their signed hashes as `integrity`. Nothing of a remote is asked for before its
 * signature is checked. The replies are left for the boot (early.manifests, early.signedLists).
 */
export function preloadFirstPageThemes(page: EarlyPage, app: AppStart, config: Record<string, unknown>, site: EarlySite): void {
  const { win, hints, early, link } = page;
  const remotes = record(config.remotes);
  const remoteKeys = record(config.remoteKeys);
  let path = win.location.pathname;
  if (path === '/') path = text(config.rootRedirect);
  const pagePath = new RegExp(hints.pagePath).exec(path);
  const firstPage = (pagePath && pagePath[1]) || '';
  const variant = (pagePath && pagePath[2]) || '';
  // No page of the product's (a 404): no theme code is going to be used, so none is asked for.
  if (!firstPage || !owns(hints.pageFiles, firstPage)) return;
  // Only a theme config.json names: not a name every object answers to (`constructor`), as the host's registry checks.
  const chosen = variant && owns(remotes, variant) ? variant : '';
  const themes = pageThemes(site, firstPage);
  const pageTheme = chosen || themes.theme;
  const frameTheme = hints.frameless.indexOf(firstPage) >= 0 ? '' : chosen || themes.frame;
  const wanted: Record<string, string[]> = {};
  wanted[pageTheme] = ['manifest', 'pages/' + firstPage];
  if (frameTheme) wanted[frameTheme] = (wanted[frameTheme] || ['manifest']).concat('layout');
  for (const theme of Object.keys(wanted)) {
    if (!remotes[theme]) continue;
    const manifestUrl = new URL(text(remotes[theme]), win.location.href).href;
    const listUrl = new URL('signed-files.json', manifestUrl).href;
    const reply = win.fetch(manifestUrl);
    const listReply = win.fetch(listUrl);
    early.manifests[manifestUrl] = reply;
    early.signedLists![manifestUrl] = listReply;
    const keys: unknown[] = Array.isArray(remoteKeys[theme]) ? (remoteKeys[theme] as unknown[]) : [];
    const subtle = win.crypto && win.crypto.subtle;
    let bytes: ArrayBuffer;
    // Each file's signed hash, by its absolute URL (the list names them relative to its own folder).
    const hashes: Record<string, string> = {};
    Promise.all([reply.then((r) => (r.ok ? r.clone().arrayBuffer() : null)), json(listReply)])
      .then(([body, listJson]) => {
        if (!body || !subtle) return false;
        bytes = body;
        const list = record(listJson);
        const signed = text(list.signed);
        const payload = new TextEncoder().encode(signed);
        // Signed by one of the theme's keys (Ed25519 or ECDSA P-256, told apart by the key's fixed start)?
        return Promise.all(
          keys.map((key) => {
            const ed25519 = text(key).indexOf('MCowBQYDK2VwAyEA') === 0;
            return subtle
              .importKey('spki', bytesOfBase64(text(key)), ed25519 ? { name: 'Ed25519' } : { name: 'ECDSA', namedCurve: 'P-256' }, false, [
                'verify',
              ])
              .then((publicKey) =>
                subtle.verify(
                  ed25519 ? { name: 'Ed25519' } : { name: 'ECDSA', hash: 'SHA-256' },
                  publicKey,
                  bytesOfBase64(text(list.signature)),
                  payload,
                ),
              )
              .catch(() => false);
          }),
        ).then((results) => {
          if (results.indexOf(true) < 0) return false;
          const release = record(JSON.parse(signed));
          // A release of another theme (one config.json does not give this address), one older than this device
          // ran or than config.json's floor, or an expired one: refused by the host, so nothing of it is fetched.
          const at = text(remotes[theme]);
          const themesHere = Object.keys(remotes).filter((name) => name === theme || text(remotes[name]) === at);
          let seen: unknown;
          try {
            seen = record(JSON.parse(stored(win, hints.releasesKey) || '{}'))[text(release.theme)];
          } catch {
            seen = undefined;
          }
          const sequence = release.sequence;
          const floor = record(config.remoteMinRelease)[theme];
          if (release.format !== hints.signedFormat || themesHere.indexOf(text(release.theme)) < 0 || typeof sequence !== 'number')
            return false;
          if (
            (typeof seen === 'number' && sequence < seen) ||
            (typeof floor === 'number' && sequence < floor) ||
            !(Date.parse(text(release.expires)) > Date.now())
          )
            return false;
          const files = record(release.files);
          for (const file of Object.keys(files)) hashes[new URL(file, listUrl).href] = text(files[file]);
          return subtle.digest('SHA-384', bytes).then((digest) => {
            const hash = 'sha384-' + win.btoa(String.fromCharCode.apply(null, Array.from(new Uint8Array(digest))));
            return !!hashes[manifestUrl] && hashes[manifestUrl] === hash;
          });
        });
      })
      .then((verified) => {
        // Unsigned, signed by another key, or not the manifest that was signed: none of its code is fetched.
        if (!verified) return;
        const manifest = record(JSON.parse(new TextDecoder().decode(bytes)));
        const meta = record(manifest.metaData);
        // A remote of another contract major: none of its code is fetched (the host refuses it).
        if (text(meta[hints.contractKey]).split('.')[0] !== hints.contractMajor) return;
        // Nor of one that needs a newer host contract than this one (compared as major.minor.patch).
        const needed = meta[hints.minHostKey];
        if (needed !== undefined) {
          const want = text(needed).split('.').map(Number);
          const have = hints.contractVersion.split('.').map(Number);
          if (want.length !== 3 || want.some((n) => !(n >= 0)) || want[0] !== have[0]) return;
          if (want[1]! > have[1]! || (want[1] === have[1] && want[2]! > have[2]!)) return;
        }
        const publicPath = text(meta.publicPath);
        const base = new URL(publicPath && publicPath !== 'auto' ? publicPath : './', manifestUrl).href;
        const entry = record(meta.remoteEntry);
        const code: [string, string][] = [
          ['script', new URL(text(entry.path) ? text(entry.path) + '/' + text(entry.name) : text(entry.name), base).href],
        ];
        const exposes = Array.isArray(manifest.exposes) ? manifest.exposes.map(record) : [];
        for (const expose of exposes) {
          if ((wanted[theme] || []).indexOf(text(expose.name)) < 0) continue;
          const assets = record(expose.assets);
          const assetsOf = (kind: string): unknown[] => {
            const sync = record(assets[kind]).sync;
            return Array.isArray(sync) ? sync : [];
          };
          for (const file of assetsOf('css')) code.push(['style', new URL(text(file), base).href]);
          for (const file of assetsOf('js')) code.push(['script', new URL(text(file), base).href]);
        }
        // A file the signed list does not name is not asked for.
        app.withApp(() => {
          for (const [as, href] of code) if (hashes[href]) link('preload', href, as, true, undefined, hashes[href]);
        });
      })
      .catch(() => undefined);
  }
}
