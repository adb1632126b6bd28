// A theme remote's dev server signs what it serves, as a production build is signed after it is written (plain
// JavaScript, as the workspace's signing scripts it calls are: build-preset/src/dev-release-signing.d.mts types it).
import path from 'node:path';
import { devSigningKey, themeOfRemote } from '../../scripts/release-key.mjs';
import { SIGNED_FILES_NAME, signedDocumentOf } from '../../scripts/release-signing.mjs';

export const DEV_RELEASE_SIGNING_PLUGIN = 'member-dev-release-signing';

/**
 * An rspack plugin for a theme remote's dev compilation: once every other plugin has written its assets (the
 * manifest's contract fields included), it adds `signed-files.json`, listing every asset of this compilation with its
 * SHA-384 and signed with the remote's own key (`<remoteDir>/release-key/private.pem`, made when missing; see
 * devSigningKey) as a release of the remote's theme. Every rebuild signs its own output again as a newer release (its
 * time is its sequence), so the host's checks (the signature, the theme, the sequence, the expiry, the manifest's
 * hash, the remoteEntry's and each preload's integrity) pass against the dev server as they do against a release.
 * @param {string} remoteDir the remote's folder
 * @param {{ log?: (line: string) => void }} [options]
 */
export function devReleaseSigningPlugin(remoteDir, { log = (line) => console.info(line) } = {}) {
  return {
    name: DEV_RELEASE_SIGNING_PLUGIN,
    apply(compiler) {
      const { Compilation, sources } = compiler.webpack;
      compiler.hooks.thisCompilation.tap(DEV_RELEASE_SIGNING_PLUGIN, (compilation) => {
        compilation.hooks.processAssets.tap(
          // The last stage: the manifest is final (its contract fields are added at OPTIMIZE_TRANSFER).
          { name: DEV_RELEASE_SIGNING_PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
          () => {
            const key = devSigningKey(remoteDir);
            if (key.made) log(`[dev signing] made a release key pair in ${path.join(path.basename(remoteDir), 'release-key')}/`);
            const entries = compilation
              .getAssets()
              .filter(({ name }) => name !== SIGNED_FILES_NAME)
              .map(({ name, source }) => [name, source.buffer()]);
            const document = signedDocumentOf(entries, key.pem, { theme: themeOfRemote(remoteDir) });
            const content = new sources.RawSource(`${JSON.stringify(document, null, 2)}\n`);
            if (compilation.getAsset(SIGNED_FILES_NAME)) compilation.updateAsset(SIGNED_FILES_NAME, content);
            else compilation.emitAsset(SIGNED_FILES_NAME, content);
          },
        );
      });
    },
  };
}
