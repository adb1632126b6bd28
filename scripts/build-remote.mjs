// `npm run build:remote -- <dir>`: one theme remote's production build, its signed list of files
// (scripts/release-key.mjs), then its precompressed copies (scripts/compress.mjs). Nothing else is built or written: the host's dist stays as it is.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { compressDists } from './compress.mjs';
import { RELEASE_KEY_DIR, signRemoteBuild } from './release-key.mjs';
import { runPnpm } from './pnpm.mjs';
import { remoteOf, WORKSPACE_ROOT } from './workspace.mjs';

export const USAGE = 'usage: npm run build:remote -- <dir>';

/** The app colours a built remote states (its mf-manifest.json's metaData.appColors), as text to compare, or null. */
export function builtAppColors(dist) {
  try {
    const colors = JSON.parse(readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'))?.metaData?.appColors;
    return colors ? JSON.stringify(colors) : null;
  } catch {
    return null;
  }
}

/**
 * The remote's folder as given (undefined when none is), from the command line; throws with the usage on any flag
 * or a second folder. A `--` (which a runner may pass on to the script) is dropped.
 */
export function parseBuildRemoteArgs(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv.filter((arg) => arg !== '--'),
      options: { help: { type: 'boolean', short: 'h', default: false } },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    throw new Error(`${error.message}\n${USAGE}`, { cause: error });
  }
  const { values, positionals } = parsed;
  if (positionals.length > 1) throw new Error(`one remote at a time, not ${positionals.join(' ')}\n${USAGE}`);
  return { dir: positionals[0], help: values.help };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let args;
  try {
    args = parseBuildRemoteArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`build:remote: ${error.message}`);
    process.exit(2);
  }
  if (args.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const remote = remoteOf(args.dir);
  if (remote instanceof Error) {
    console.error(`build:remote: ${remote.message}\n${USAGE}`);
    process.exit(2);
  }
  const dist = path.join(WORKSPACE_ROOT, remote.dir, 'dist');
  const colorsBefore = builtAppColors(dist);
  const code = await runPnpm(['--filter', `./${remote.dir}`, 'run', 'build'], {
    cwd: WORKSPACE_ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (code !== 0) process.exit(code);
  // Signed before compressing, so the signed list travels compressed like the manifest.
  const signed = signRemoteBuild(path.join(WORKSPACE_ROOT, remote.dir));
  if (signed.made)
    console.log(`build:remote: made a release key pair in ${remote.dir}/${RELEASE_KEY_DIR}/ (npm run release-key -- show ${remote.dir})`);
  console.log(
    `build:remote: ${remote.dir}/dist signed as release ${signed.sequence} of ${signed.theme}, good until ${signed.expires} (${signed.files} files listed)`,
  );
  const result = await compressDists([path.join(WORKSPACE_ROOT, remote.dir, 'dist')], { log: (line) => console.log(line) });
  console.log(`build:remote: ${remote.dir}/dist built, ${result.files} assets, ${result.written} compressed copies written`);
  // The sites' installed apps wear the theme's colours from files the nginx recipe's script writes: they follow a
  // change of colours only when it runs again.
  if (colorsBefore !== null && builtAppColors(dist) !== colorsBefore) {
    console.log(
      `build:remote: this release changes ${signed.theme}'s app colours: once it is deployed, the operator runs deploy/write-nginx-includes.mjs again (docs/deploy.md, "A theme deploy"), so its sites' installed apps wear them`,
    );
  }
  process.exit(result.missing.length ? 1 : 0);
}
