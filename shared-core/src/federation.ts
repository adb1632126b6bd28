// Build-time only (read by each package's module-federation.config.ts under Node).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The packages shared as singletons between host and remotes (ARCHITECTURE §1). The router is deliberately absent. */
export const SHARED_SINGLETONS = ['react', 'react-dom', 'jotai', 'i18next', 'react-i18next', '@member/shared-core'] as const;

function installedVersion(pkg: string, fromDir: string): string {
  const require = createRequire(`${fromDir}/`);
  const manifest = require.resolve(`${pkg}/package.json`);
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

type SharedEntry = { singleton: true; requiredVersion: string; version: string; eager?: false };

/**
 * The `shared` map for a Module Federation build. Every entry names an explicit version and
 * requiredVersion read from what is installed, so workspace packages are shared as one copy.
 */
export function sharedDependencies(fromDir: string): Record<string, SharedEntry> {
  const shared: Record<string, SharedEntry> = {};
  for (const pkg of SHARED_SINGLETONS) {
    const version = installedVersion(pkg, fromDir);
    const entry: SharedEntry = { singleton: true, version, requiredVersion: `^${version}` };
    shared[pkg] = entry;
    if (pkg === 'react-dom' || pkg === 'jotai') shared[`${pkg}/`] = entry;
  }
  shared['react/'] = shared.react!;
  return shared;
}
