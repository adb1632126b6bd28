// `node scripts/run-pnpm.mjs <args>`: pnpm with the workspace's pinned version.
import { runPnpm } from './pnpm.mjs';

process.exit(await runPnpm(process.argv.slice(2)));
