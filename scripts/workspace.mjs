// The workspace as tooling sees it: the packages pnpm-workspace.yaml lists, and among them the theme remotes
// (`remote-*` folders), each described by the `memberTheme` block of its package.json. Every list of remotes
// in the tooling (serve, compress, build, bench, lint zones) comes from here, so a new theme needs no edit
// outside its own folder and the two run-time files.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const WORKSPACE_ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

// Read by hand, not with a YAML package: `npm start` and `npm test` read the workspace's packages (through build.mjs and
// serve.mjs, at import) before their install step, so nothing here may need what that step installs.

/**
 * The package folders pnpm-workspace.yaml lists, in its order; a `prefix-*` entry stands for every folder of the
 * root that starts with `prefix-` and holds a package.json (sorted by name).
 */
export function workspaceDirs(root = WORKSPACE_ROOT) {
  const yaml = readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8');
  return yaml
    .split('packages:')[1]
    .split(/\n(?=\S)/)[0]
    .split('\n')
    .map((line) => /^\s+-\s+['"]?([^'"\s]+)['"]?/.exec(line)?.[1])
    .filter(Boolean)
    .flatMap((entry) => {
      if (!entry.endsWith('*')) return [entry];
      const prefix = entry.slice(0, -1);
      return readdirSync(root, { withFileTypes: true })
        .filter((item) => item.isDirectory() && item.name.startsWith(prefix) && existsSync(path.join(root, item.name, 'package.json')))
        .map((item) => item.name)
        .sort();
    });
}

/** `Acme`, `AcmeGold` → `acme`, `acme-gold`: a theme's folder is `remote-<kebab>`. */
export function kebabCase(name) {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();
}

/** `AcmeGold` → `ACME_GOLD`, `PRE8` → `PRE8`: the name inside the port's environment variable. */
export function upperSnakeCase(name) {
  return kebabCase(name).replace(/-/g, '_').toUpperCase();
}

/** `remote-acme-gold` → `remoteAcmeGold`: a server's id in scripts/serve.mjs. */
export function camelCase(dir) {
  return dir.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());
}

/** The environment variable that moves a theme's port: `REMOTE_<NAME>_PORT`. */
export function portEnvOf(theme) {
  return `REMOTE_${upperSnakeCase(theme)}_PORT`;
}

/**
 * The theme remotes of the workspace, by default port: `{dir, id, theme, port, env, cssPrefix}`.
 * A `remote-*` folder without a `memberTheme` block in its package.json is an error, not skipped.
 */
export function themeRemotes(root = WORKSPACE_ROOT) {
  return workspaceDirs(root)
    .filter((dir) => dir.startsWith('remote-'))
    .map((dir) => {
      const file = path.join(root, dir, 'package.json');
      if (!existsSync(file)) throw new Error(`${dir} is listed in pnpm-workspace.yaml but has no package.json`);
      const theme = JSON.parse(readFileSync(file, 'utf8')).memberTheme;
      if (!theme || typeof theme.name !== 'string' || !Number.isInteger(theme.port)) {
        throw new Error(`${dir}/package.json has no "memberTheme": {"name", "port", "cssPrefix"} block`);
      }
      return {
        dir,
        id: camelCase(dir),
        theme: theme.name,
        port: theme.port,
        env: portEnvOf(theme.name),
        cssPrefix: theme.cssPrefix ?? dir.slice(7, 9),
      };
    })
    .sort((a, b) => a.port - b.port);
}

/** The remote a command-line argument names (`remote-acme`, `./remote-acme/`), or an Error saying why not. */
export function remoteOf(arg, root = WORKSPACE_ROOT) {
  const dir = path.basename(path.resolve(root, arg ?? ''));
  const remote = themeRemotes(root).find((item) => item.dir === dir);
  if (!arg || !remote) {
    const known = themeRemotes(root)
      .map((item) => item.dir)
      .join(', ');
    return new Error(`${arg ? `${arg} is not a theme remote of the workspace` : 'name the remote'}; the remotes are: ${known}`);
  }
  return remote;
}
