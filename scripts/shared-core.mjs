// The contract's own code (shared-core's TypeScript) for the Node scripts that check files or an API against it, so
// they judge by the very schemas the host runs. shared-core ships no JavaScript: its entry points are run by tsx, the
// workspace's TypeScript runner (a dependency of member-api-sim), loaded apart from the rest of the process.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const WORKSPACE_ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const SHARED_CORE = path.join(WORKSPACE_ROOT, 'shared-core');
const TSX_API = path.join(WORKSPACE_ROOT, 'member-api-sim', 'node_modules', 'tsx', 'dist', 'esm', 'api', 'index.mjs');

/**
 * One of shared-core's published entry points (`./schema/config`, as its package.json `exports` names them), loaded
 * as the host would import `@member/shared-core/schema/config`.
 */
export async function importSharedCore(entry) {
  if (!existsSync(TSX_API)) throw new Error('tsx is missing: install the workspace first (npm run pnpm -- install)');
  const exportsMap = JSON.parse(readFileSync(path.join(SHARED_CORE, 'package.json'), 'utf8')).exports;
  const file = exportsMap[entry];
  if (typeof file !== 'string') throw new Error(`shared-core has no entry point ${entry}`);
  const { tsImport } = await import(pathToFileURL(TSX_API).href);
  return tsImport(pathToFileURL(path.join(SHARED_CORE, file)).href, import.meta.url);
}
