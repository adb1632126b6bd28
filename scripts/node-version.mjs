// The Node.js the workspace needs. Its floor is what the dependencies declare in their `engines`, all of them at once:
// jotai 3 asks for 22.12 or newer, eslint 10 (and its plugins) for ^22.13.0 or 24 and newer, ky 2, i18next 27 and
// react-i18next 18 for 22 or newer, Rsbuild and rspack for ^20.19.0 or 22.12 and newer. Together: 22.13 or a newer
// 22, or 24 and newer (no release of 23 satisfies eslint). package.json's `engines` says the same range and .nvmrc
// the floor itself, which is the Node CI runs (.ci/run). npm only warns about `engines`, so every `npm run` command
// checks it first (scripts/prepare.mjs), before it reads or writes anything.
export const NODE_RANGE = '^22.13.0 || >=24';
/** The oldest Node the range admits: .nvmrc's version, and the one CI proves the workspace on. */
export const FLOOR_NODE = '22.13.0';

function parts(version) {
  return String(version)
    .replace(/^v/, '')
    .split('.')
    .map((n) => Number.parseInt(n, 10) || 0);
}

/** Whether `version` is in NODE_RANGE. */
export function isSupportedNode(version) {
  const [major, minor] = parts(version);
  return (major === 22 && minor >= 13) || major >= 24;
}

/** Null when `version` is supported; otherwise the one line to show. */
export function nodeVersionProblem(version = process.versions.node) {
  if (isSupportedNode(version)) return null;
  return (
    `Node.js 22.13 or newer (or 24+) is needed; this is ${String(version).replace(/^v/, '')}. ` +
    `Install Node ${FLOOR_NODE} (.nvmrc; with nvm: nvm install && nvm use) or a newer supported one, then run the command again.`
  );
}

/** Exits with code 1 and the one-line message when this Node is not supported. */
export function requireSupportedNode() {
  const problem = nodeVersionProblem();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
