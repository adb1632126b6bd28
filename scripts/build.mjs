// `npm run build`: the production bundles of the host and every theme remote (`remote-*`), each remote's signed
// list of files (scripts/release-key.mjs), then their precompressed copies (scripts/compress.mjs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIST_PACKAGES, compressDists, distDirs } from './compress.mjs';
import { runPnpm } from './pnpm.mjs';
import { requireSupportedNode } from './node-version.mjs';
import { ensureInstall } from './ensure-install.mjs';
import { RELEASE_KEY_DIR, signRemoteBuild } from './release-key.mjs';
import { themeRemotes } from './workspace.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

export const BUILD_ARGS = ['-r', '--filter=./host', '--filter=./remote-*', 'run', 'build'];

function seconds(since) {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

/**
 * Builds the host and the remotes (production) and compresses them.
 * @returns {Promise<number>} 0 on success, else the failing step's exit code
 */
export async function buildAll({ log = (line) => console.log(line) } = {}) {
  let started = performance.now();
  log(`build: ${DIST_PACKAGES.join(', ')} (production)`);
  const code = await runPnpm(BUILD_ARGS, { cwd: root, env: { ...process.env, NODE_ENV: 'production' } });
  if (code !== 0) {
    log(`build: failed with exit code ${code} after ${seconds(started)}`);
    return code;
  }
  log(`build: done in ${seconds(started)}`);
  // Each remote's release is signed before it is compressed, so its signed list travels compressed too. Each with its
  // own key: MEMBER_RELEASE_KEY names one brand team's key, for `build:remote`, never every remote's.
  for (const { dir } of themeRemotes(root)) {
    const signed = signRemoteBuild(path.join(root, dir), { env: {} });
    log(`sign: ${dir}/dist, ${signed.files} files listed${signed.made ? ` (made a release key pair in ${dir}/${RELEASE_KEY_DIR}/)` : ''}`);
  }
  started = performance.now();
  // The build writes into the workspace, whatever MEMBER_DIST_ROOT says.
  const result = await compressDists(distDirs(root), { log });
  log(`compress: ${result.files} assets, ${result.written} copies written, ${result.skipped} up to date, ${seconds(started)}`);
  if (result.missing.length) {
    log(`build: no dist folder after the build: ${result.missing.join(', ')}`);
    return 1;
  }
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  requireSupportedNode();
  // `npm run build` on a fresh clone installs first, as `npm start` and `npm test` do.
  await ensureInstall();
  process.exit(await buildAll());
}
