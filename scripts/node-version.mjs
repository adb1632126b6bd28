// The Node.js the workspace needs: 20.19 or newer (the build tools load ES modules through require(),
// which Node has without a flag from 20.19 on). package.json's `engines` says the same; npm only warns
// about it, so `npm start`, `npm test` and `npm run build` check it themselves before doing anything.
export const REQUIRED_NODE = '20.19.0';

function parts(version) {
  return String(version).replace(/^v/, '').split('.').map((n) => Number.parseInt(n, 10) || 0);
}

/** Null when `version` is at least `required`; otherwise the message to show. */
export function nodeVersionProblem(version = process.versions.node, required = REQUIRED_NODE) {
  const have = parts(version);
  const need = parts(required);
  for (let i = 0; i < 3; i += 1) {
    if ((have[i] ?? 0) > (need[i] ?? 0)) return null;
    if ((have[i] ?? 0) < (need[i] ?? 0)) {
      return `Node.js ${required.replace(/\.0$/, '')} or newer is needed; this is ${String(version).replace(/^v/, '')}. `
        + 'Install Node 22 (see .nvmrc: `nvm install && nvm use`) or 20.19+, then run the command again.';
    }
  }
  return null;
}

/** Exits with code 1 and the message when this Node is too old. */
export function requireSupportedNode() {
  const problem = nodeVersionProblem();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
