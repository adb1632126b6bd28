import { cpSync, mkdtempSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * A scratch copy of the workspace for a spec that edits it or runs its commands: the run-time files and the scripts
 * copied, the shared packages, the simulator and the installed modules linked. The spec adds the host and the
 * remotes it needs; the tracked files are never touched.
 */
export function workspaceCopy(prefix: string): string {
  const copy = mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const file of ['pnpm-workspace.yaml', 'package.json', 'sites.json']) cpSync(path.join(root, file), path.join(copy, file));
  cpSync(path.join(root, 'scripts'), path.join(copy, 'scripts'), { recursive: true });
  for (const item of ['shared-core', 'ui-kit', 'theme-kit', 'build-preset', 'member-api-sim', 'node_modules', 'tsconfig.base.json']) {
    symlinkSync(path.join(root, item), path.join(copy, item));
  }
  return copy;
}
