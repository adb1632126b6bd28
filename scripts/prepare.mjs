// Preloaded by the `npm run` commands that do not install by themselves (`node --import ./scripts/prepare.mjs
// scripts/<command>.mjs` in package.json): first the Node check, so on an unsupported Node one line says which Node
// is needed and the command exits 1 having read and changed nothing; then the workspace is installed when
// `node_modules` is missing or older than the lockfile, as `npm start` and `npm test` do, so a fresh clone runs any
// command as printed.
import './check-node.mjs';
import { ensureInstall } from './ensure-install.mjs';

await ensureInstall();
