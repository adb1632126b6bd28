// Build-time only (read by each package's module-federation.config.ts under Node).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { previewLooksSetup } from './preview-looks';
import { readThemeTokens } from './read-theme-tokens';
import { CONTRACT_VERSION, MANIFEST_CONTRACT_KEY, MANIFEST_MIN_HOST_KEY, chunkLoadingGlobalOf } from '@member/shared-core/contract';
import { MANIFEST_APP_COLORS_KEY, appColorsOf } from '@member/shared-core/web-app/app-colors';
import { devReleaseSigningPlugin } from './dev-release-signing.mjs';
import { DRAWING_ENVIRONMENT, drawingEnvironment, exposedModules, WEB_ENVIRONMENT } from './drawing-build';
import { listEveryChunkOfEachExpose, type CompilationLike, type ExposeStats } from './expose-assets';

/**
 * The packages shared as singletons between host and remotes. A shared package is never tree-shaken and
 * costs share-scope bookkeeping in every remoteEntry, so only what a remote imports at run time is here:
 * React and the contract. react-dom, jotai, i18next, react-i18next and the router are host-only; remotes
 * reach state through the bridge and strings through the contract's TranslatorContext.
 */
export const SHARED_SINGLETONS = ['react', '@member/shared-core'] as const;

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
  }
  shared['react/'] = shared.react!;
  return shared;
}

/** What a theme remote's package.json says about it (`memberTheme`): read by the tooling too (scripts/workspace.mjs). */
export interface RemoteTheme {
  /** The theme's name, the key of /config.json `remotes` and of sites.json `layout`. */
  name: string;
  /** The default port of its dev and demo servers; `REMOTE_<NAME>_PORT` moves it. */
  port: number;
  /**
   * The prefix of its CSS-module class names. The remotes share file and class names (src/theme.module.css,
   * .theme), so without a prefix two remotes on one page would emit the same hashed class and overwrite each other.
   */
  cssPrefix: string;
}

/** The `memberTheme` block of the remote whose folder is `dirname`. */
export function remoteThemeOf(dirname: string): RemoteTheme {
  const manifest = JSON.parse(readFileSync(`${dirname}/package.json`, 'utf8')) as { name?: string; memberTheme?: Partial<RemoteTheme> };
  const theme = manifest.memberTheme;
  if (!theme || typeof theme.name !== 'string' || !Number.isInteger(theme.port) || typeof theme.cssPrefix !== 'string') {
    throw new Error(`${dirname}/package.json needs "memberTheme": {"name", "port", "cssPrefix"}`);
  }
  return theme as RemoteTheme;
}

/** `AcmeGold` → `ACME_GOLD`: a theme's name as it appears in its port's environment variable. */
export function upperSnakeOf(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toUpperCase();
}

/** The Module Federation name of a theme's remote, `remote_<name>` (the host reads it from the manifest). */
export function federationNameOf(theme: string): string {
  return `remote_${upperSnakeOf(theme).toLowerCase()}`;
}

type ManifestStats = { stats: { metaData: object } };
type RemoteManifestStats = { stats: { metaData: object; exposes?: ExposeStats[] }; compilation?: CompilationLike };

/**
 * Writes the contract version this build speaks, and the lowest host contract it runs on, into the `metaData`
 * of its mf-manifest.json, so the host can refuse a remote of another major, or one that needs a newer host,
 * from the manifest alone, before it has requested any of the remote's scripts. From the theme's tokens file, also
 * its app colours (`appColors`): the server writes each site's web app manifest from them, no build of the host
 * needed. The file is read on every build, by the same reader as the theme's CSS, so a dev build's manifest follows
 * an edit of the tokens as its stylesheet does.
 */
export function contractInManifest(minHostContract: string = CONTRACT_VERSION, tokensFile?: string) {
  return async ({ stats }: ManifestStats): Promise<void> => {
    let appColors: ReturnType<typeof appColorsOf> | undefined;
    if (tokensFile) {
      try {
        appColors = appColorsOf((await readThemeTokens(tokensFile)).tokens);
      } catch {
        // The theme's CSS plugin reads the same file and reports its error, which fails a production build; a dev
        // server keeps serving, and its manifest goes without colours until the file is fixed.
      }
    }
    // Changed in place: the plugin writes the manifest from the stats it passed in when nothing is returned.
    Object.assign(stats.metaData, {
      [MANIFEST_CONTRACT_KEY]: CONTRACT_VERSION,
      [MANIFEST_MIN_HOST_KEY]: minHostContract,
      ...(appColors ? { [MANIFEST_APP_COLORS_KEY]: appColors } : {}),
    });
  };
}

/** What a theme remote's manifest adds to the plugin's: its contract and colours, and each expose's every chunk. */
function remoteManifestData(minHostContract: string, tokensFile: string) {
  const contract = contractInManifest(minHostContract, tokensFile);
  return async ({ stats, compilation }: RemoteManifestStats): Promise<void> => {
    await contract({ stats });
    if (compilation && stats.exposes) listEveryChunkOfEachExpose(stats.exposes, compilation);
  };
}

/**
 * The Module Federation options of a theme remote: `./manifest`, `./layout` and `./pages/<key>` for
 * every page key, the shared singletons, and loaded-first sharing. `dirname` is the remote's folder.
 * The UI kit is deliberately not shared: each remote bundles the blocks (and their CSS) it was built with.
 */
export function remoteFederationConfig(dirname: string, { minHostContract = CONTRACT_VERSION }: { minHostContract?: string } = {}) {
  const { name: theme } = remoteThemeOf(dirname);
  return {
    // The host reads this name from mf-manifest.json; it keeps no table of remote names.
    name: federationNameOf(theme),
    filename: 'remoteEntry.js',
    exposes: exposedModules(),
    shared: sharedDependencies(dirname),
    dts: false,
    shareStrategy: 'loaded-first' as const,
    manifest: { additionalData: remoteManifestData(minHostContract, path.join(dirname, 'src', 'tokens.ts')) },
    // Production remotes borrow the host's federation runtime instead of shipping a second copy (~17 KiB gz each);
    // the standalone dev preview keeps its own, having no host to borrow from.
    experiments: { externalRuntime: process.env.NODE_ENV === 'production' },
  };
}

type RspackConfig = { plugins?: unknown[] };
type ReplacementData = { request?: string; createData?: { resource?: string } };
type RspackApi = { NormalModuleReplacementPlugin: new (pattern: RegExp, replace: (data: ReplacementData) => void) => unknown };

/**
 * `tools.rspack` for the host and every remote. Rspack finds the federation runtime with Node's
 * require.resolve, so it bundles the CommonJS builds, which cannot be tree-shaken: Node-only script
 * loading, manifest-to-snapshot code and the logger all ship to the browser (16 KiB gz per remoteEntry).
 * The ESM builds of the same version are side-effect free; pointing at them lets the bundler drop
 * what the browser never calls (remoteEntry 16 → 9 KiB gz).
 */
export function esmFederationRuntime(config: RspackConfig, { rspack }: { rspack: RspackApi }): void {
  const toEsm = (path: string) => path.replace(/\.cjs$/, '.js');
  config.plugins ??= [];
  config.plugins.push(
    new rspack.NormalModuleReplacementPlugin(/@module-federation[\\/][a-z-]+[\\/]dist[\\/].*\.cjs$/, (data) => {
      if (data.request) data.request = toEsm(data.request);
      if (data.createData?.resource) data.createData.resource = toEsm(data.createData.resource);
    }),
  );
}

type RspackOutputConfig = RspackConfig & { output?: { chunkLoadingGlobal?: string } };

/**
 * `tools.rspack` of a theme remote: the shared runtime rewrite, and its chunk global named by the contract. A dev
 * compilation also signs what it serves (devReleaseSigningPlugin), so the real host takes the theme's dev server as it
 * takes a release (`npm run dev -- --theme <dir>`); a production build is signed by the build script once written.
 */
function remoteRspack(dirname: string, theme: string, production: boolean) {
  return (config: RspackOutputConfig, utils: { rspack: RspackApi }): void => {
    esmFederationRuntime(config, utils);
    config.output = { ...config.output, chunkLoadingGlobal: chunkLoadingGlobalOf(federationNameOf(theme)) };
    if (!production) config.plugins = [...(config.plugins ?? []), devReleaseSigningPlugin(dirname)];
  };
}

/**
 * The address lines a theme's gallery (`rsbuild dev` of the remote) prints once it listens. Rsbuild takes the next free
 * port when the one asked for is taken, and the gallery works there as well (it is a page of its own; nothing else
 * names its port): the line says which address it took and why it is not the one asked for.
 */
export function galleryUrls(theme: string, env: string, asked: number) {
  return ({ port }: { port: number }) => [
    {
      label: port === asked ? `${theme} gallery` : `${theme} gallery (port ${asked} was taken; ${env} moves it)`,
      url: `http://localhost:${port}/`,
    },
  ];
}

/**
 * The Rsbuild options every theme remote builds with (plugins aside, which each remote supplies). `dirname` is
 * the remote's folder. The production build goes to `dist` and carries no HTML page (the host is the only page);
 * the dev preview serves its gallery page from `dist-dev`, so running it never empties the production `dist`.
 */
export function remoteBuildOptions(dirname: string) {
  const { name: theme, port, cssPrefix } = remoteThemeOf(dirname);
  const env = `REMOTE_${upperSnakeOf(theme)}_PORT`;
  const production = process.env.NODE_ENV === 'production';
  const hostPort = Number(process.env.HOST_PORT ?? 3000);
  const localIdentName = `${cssPrefix}-[local]-[hash:base64:5]`;
  const entry = { index: './src/index.ts' };
  const asked = Number(process.env[env] ?? port);
  return {
    // Dev and preview servers answer cross-origin requests from the host only (the demo serves builds statically).
    server: {
      port: asked,
      printUrls: galleryUrls(theme, env, asked),
      cors: { origin: [`http://localhost:${hostPort}`, `http://127.0.0.1:${hostPort}`] },
      // The dev server also answers the preview gallery's list of flavours and sites (PREVIEW_LOOKS_PATH).
      setup: previewLooksSetup(dirname, theme),
    },
    // Lazy compilation (Rsbuild's dev default for dynamic imports) breaks the first load of shared modules
    // behind Module Federation's async boundary ("Cannot read properties of undefined (reading 'call')").
    dev: { lazyCompilation: false },
    output: {
      // Chunks must load from this remote's own origin, wherever the host runs.
      assetPrefix: 'auto' as const,
      distPath: { root: production ? 'dist' : 'dist-dev' },
      filenameHash: true,
      cleanDistPath: true,
      cssModules: { localIdentName },
    },
    performance: { chunkSplit: { strategy: 'split-by-experience' as const, override: { minSize: 8000 } } },
    // The remote's own chunk loader sets each chunk's SHA-384 (and CORS mode) on the tags it makes: the host checks
    // remoteEntry.js against the signed list, and remoteEntry.js carries the hashes of the chunks it loads.
    security: { sri: { enable: 'auto' as const, algorithm: 'sha384' as const } },
    // SRI is off in dev (its hashes would go stale with every hot update), but the chunks still load in CORS mode, as
    // SRI makes them load in production: the host preloads a page's chunks in CORS mode with their signed hashes, and
    // only a request of the same mode takes the preloaded response instead of asking again.
    ...(production ? {} : { html: { crossorigin: 'anonymous' as const } }),
    tools: { htmlPlugin: !production, rspack: remoteRspack(dirname, theme, production) },
    source: {
      ...(production ? {} : { entry }),
      // Baked in at build time: at run time shared-core is the host's copy, so it cannot tell which contract this build speaks.
      define: { __REMOTE_CONTRACT_VERSION__: JSON.stringify(CONTRACT_VERSION) },
    },
    // A release is built twice from the same sources: for the browser, and for the host's drawing step, which draws
    // the theme's pages into the HTML with it (drawing-build.ts). The dev server builds for the browser alone.
    ...(production
      ? { environments: { [WEB_ENVIRONMENT]: { source: { entry } }, [DRAWING_ENVIRONMENT]: drawingEnvironment(dirname, localIdentName) } }
      : {}),
  };
}
