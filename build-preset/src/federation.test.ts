import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEV_RELEASE_SIGNING_PLUGIN } from './dev-release-signing.mjs';
import {
  contractInManifest,
  federationNameOf,
  galleryUrls,
  remoteBuildOptions,
  remoteFederationConfig,
  remoteThemeOf,
  upperSnakeOf,
} from './federation';
import { CONTRACT_VERSION } from '@member/shared-core/contract';

const made: string[] = [];
function remoteDir(memberTheme: unknown): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'build-preset-'));
  made.push(dir);
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: '@member/remote-x', memberTheme }));
  return dir;
}
const env = { ...process.env };
afterEach(() => {
  process.env = { ...env };
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('a remote described by its package.json', () => {
  it('names its port variable and federation name after the theme', () => {
    expect(upperSnakeOf('AcmeGold')).toBe('ACME_GOLD');
    expect(upperSnakeOf('PRE8')).toBe('PRE8');
    expect(federationNameOf('PRE8')).toBe('remote_pre8');
    expect(federationNameOf('default')).toBe('remote_default');
    expect(federationNameOf('AcmeGold')).toBe('remote_acme_gold');
  });

  it('refuses a package.json without a complete memberTheme block', () => {
    expect(() => remoteThemeOf(remoteDir(undefined))).toThrow(/memberTheme/);
    expect(() => remoteThemeOf(remoteDir({ name: 'Acme', port: 3004 }))).toThrow(/cssPrefix/);
  });

  it('serves on its own port, moved by REMOTE_<NAME>_PORT, with its class prefix', () => {
    const dir = remoteDir({ name: 'AcmeGold', port: 3004, cssPrefix: 'ag' });
    delete process.env.REMOTE_ACME_GOLD_PORT;
    expect(remoteBuildOptions(dir).server.port).toBe(3004);
    process.env.REMOTE_ACME_GOLD_PORT = '4204';
    const options = remoteBuildOptions(dir);
    expect(options.server.port).toBe(4204);
    expect(options.output.cssModules.localIdentName).toMatch(/^ag-/);
    expect(remoteFederationConfig(dir).name).toBe('remote_acme_gold');
  });

  it("prints the gallery's address, saying so when the port asked for was taken and another was used", () => {
    const dir = remoteDir({ name: 'AcmeGold', port: 3004, cssPrefix: 'ag' });
    process.env.REMOTE_ACME_GOLD_PORT = '7004';
    const printUrls = remoteBuildOptions(dir).server.printUrls;
    expect(printUrls({ port: 7004 })).toEqual([{ label: 'AcmeGold gallery', url: 'http://localhost:7004/' }]);
    expect(printUrls({ port: 7005 })).toEqual([
      { label: 'AcmeGold gallery (port 7004 was taken; REMOTE_ACME_GOLD_PORT moves it)', url: 'http://localhost:7005/' },
    ]);
    expect(galleryUrls('PRE8', 'REMOTE_PRE8_PORT', 3002)({ port: 3002 })[0]?.url).toBe('http://localhost:3002/');
  });

  it('builds production into dist with no HTML page, and the dev preview into dist-dev', () => {
    const dir = remoteDir({ name: 'Acme', port: 3004, cssPrefix: 'acme' });
    process.env.NODE_ENV = 'production';
    const production = remoteBuildOptions(dir);
    expect(production.output.distPath.root).toBe('dist');
    expect(production.tools.htmlPlugin).toBe(false);
    process.env.NODE_ENV = 'development';
    const dev = remoteBuildOptions(dir);
    expect(dev.output.distPath.root).toBe('dist-dev');
    expect(dev.tools.htmlPlugin).toBe(true);
  });

  it('signs its dev builds as they are served, and loads their chunks in CORS mode; a production build is signed once written', () => {
    const dir = remoteDir({ name: 'Acme', port: 3004, cssPrefix: 'acme' });
    const rspack = { NormalModuleReplacementPlugin: class {} };
    const pluginNames = () => {
      const options = remoteBuildOptions(dir);
      const config: { plugins?: unknown[] } = {};
      options.tools.rspack(config, { rspack });
      return {
        names: (config.plugins ?? []).map((plugin) => (plugin as { name?: string }).name),
        html: 'html' in options ? options.html : undefined,
      };
    };
    process.env.NODE_ENV = 'development';
    expect(pluginNames()).toEqual({ names: [undefined, DEV_RELEASE_SIGNING_PLUGIN], html: { crossorigin: 'anonymous' } });
    process.env.NODE_ENV = 'production';
    expect(pluginNames()).toEqual({ names: [undefined], html: undefined });
  });
});

describe('what a remote shares with the host', () => {
  it('shares React and the contract as singletons, and bundles the UI kit itself', () => {
    // A real remote of the workspace, so the shared packages resolve to what is installed.
    const { shared } = remoteFederationConfig(path.resolve(import.meta.dirname, '../../remote-pre8'));
    expect(shared['@member/shared-core']).toMatchObject({ singleton: true });
    expect(shared.react).toMatchObject({ singleton: true });
    expect(Object.keys(shared).filter((name) => name.startsWith('@member/'))).toEqual(['@member/shared-core']);
  });
});

describe("what a remote's mf-manifest.json states", () => {
  it('its contract, the host it needs, and from its tokens file the app colours a site manifest wears', async () => {
    const dir = remoteDir({ name: 'AcmeGold', port: 3004, cssPrefix: 'ag' });
    const tokensFile = path.join(dir, 'tokens.ts');
    const table =
      "{ common: {}, light: { '--mc-bg': '#ffffff', '--mc-primary': '#112233' }, dark: { '--mc-bg': '#000000', '--mc-primary': '#445566' } }";
    writeFileSync(tokensFile, `export const tokens = ${table};\n`);
    const metaData: Record<string, unknown> = {};
    await contractInManifest('2.0.0', tokensFile)({ stats: { metaData } });
    expect(metaData).toMatchObject({
      contractVersion: CONTRACT_VERSION,
      minHostContract: '2.0.0',
      appColors: { light: { theme: '#112233', background: '#ffffff' }, dark: { theme: '#445566', background: '#000000' }, flavours: {} },
    });

    // Read again on the next build: an edit shows in the next manifest.
    writeFileSync(tokensFile, `export const tokens = ${table.replace('#112233', '#223344')};\n`);
    const next: Record<string, unknown> = {};
    await contractInManifest('2.0.0', tokensFile)({ stats: { metaData: next } });
    expect(next).toMatchObject({ appColors: { light: { theme: '#223344' } } });

    for (const without of [undefined, path.join(dir, 'missing.ts')]) {
      const metaData: Record<string, unknown> = {};
      await contractInManifest('2.0.0', without)({ stats: { metaData } });
      expect(metaData).toMatchObject({ contractVersion: CONTRACT_VERSION, minHostContract: '2.0.0' });
      expect(metaData).not.toHaveProperty('appColors');
    }
  });

  it("a remote's options read the tokens of its own folder", async () => {
    const dir = remoteDir({ name: 'AcmeGold', port: 3004, cssPrefix: 'ag' });
    mkdirSync(path.join(dir, 'src'));
    writeFileSync(
      path.join(dir, 'src', 'tokens.ts'),
      "export const tokens = { common: {}, light: { '--mc-bg': '#fafafa', '--mc-primary': '#0a7f5a' }, dark: { '--mc-bg': '#101010', '--mc-primary': '#5ad0a8' } };\n",
    );
    const metaData: Record<string, unknown> = {};
    await remoteFederationConfig(dir).manifest.additionalData({ stats: { metaData } });
    expect(metaData).toMatchObject({
      appColors: { light: { theme: '#0a7f5a', background: '#fafafa' }, dark: { theme: '#5ad0a8', background: '#101010' } },
    });
  });
});
