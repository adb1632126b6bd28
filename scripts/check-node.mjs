// Preloaded by every `npm run` command (`node --import ./scripts/check-node.mjs …`, or through scripts/prepare.mjs),
// so nothing of the command is even read on an unsupported Node. `npm start`, `npm test` and `npm run build` install
// the workspace themselves, as a step they time and report; `npm run pnpm` must not install first (it may be the
// very `pnpm install` that brings the lockfile up to date, which a frozen install would refuse).
import { requireSupportedNode } from './node-version.mjs';

requireSupportedNode();
