// `node scripts/run-pnpm.mjs <args>`: pnpm with the workspace's pinned version.
import { runPnpm } from './pnpm.mjs';

// Every argument is pnpm's, passed on untouched (so no parseArgs here: pnpm parses them).
process.exit(await runPnpm(process.argv.slice(2)));
