import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEV_RELEASE_SIGNING_PLUGIN,
  devReleaseSigningPlugin,
  type DevSigningCompilation,
  type DevSigningCompiler,
} from './dev-release-signing.mjs';
// @ts-expect-error: the workspace's scripts are plain Node modules, without type declarations.
import { checkSignedDist, SIGNED_FILES_NAME } from '../../scripts/release-signing.mjs';

const REPORT_STAGE = 5000;
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function scratch(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dev-signing-'));
  made.push(dir);
  return dir;
}

/** A theme remote's folder: its package.json names the theme its releases are signed for. */
function remoteFolder(): string {
  const dir = scratch();
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: '@member/remote-acme', memberTheme: { name: 'Acme', port: 3009 } }));
  return dir;
}

class RawSource {
  constructor(readonly text: string) {}
  buffer(): Uint8Array {
    return Buffer.from(this.text);
  }
}

/** Just enough of rspack's compiler to run the plugin's hooks over one compilation's assets. */
function compile(remoteDir: string, files: Record<string, string>, previous?: Map<string, RawSource>) {
  const assets = new Map<string, RawSource>(previous ? [...previous].filter(([name]) => name === SIGNED_FILES_NAME) : []);
  for (const [name, text] of Object.entries(files)) assets.set(name, new RawSource(text));
  const stages: number[] = [];
  const lines: string[] = [];
  const compilation: DevSigningCompilation = {
    hooks: {
      processAssets: {
        tap(options, fn) {
          stages.push(options.stage);
          fn();
        },
      },
    },
    getAssets: () => [...assets].map(([name, source]) => ({ name, source })),
    getAsset: (name) => assets.get(name),
    emitAsset(name, source) {
      if (assets.has(name)) throw new Error(`${name} emitted twice`);
      assets.set(name, source as RawSource);
    },
    updateAsset(name, source) {
      if (!assets.has(name)) throw new Error(`${name} updated before it was emitted`);
      assets.set(name, source as RawSource);
    },
  };
  const compiler: DevSigningCompiler = {
    webpack: { Compilation: { PROCESS_ASSETS_STAGE_REPORT: REPORT_STAGE }, sources: { RawSource } },
    hooks: { thisCompilation: { tap: (_name, fn) => fn(compilation) } },
  };
  const plugin = devReleaseSigningPlugin(remoteDir, { log: (line) => lines.push(line) });
  plugin.apply(compiler);
  return { assets, stages, lines, name: plugin.name };
}

/** The compilation's assets written out as the dev server serves them. */
function served(assets: Map<string, RawSource>): string {
  const dir = scratch();
  for (const [name, source] of assets) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), source.buffer());
  }
  return dir;
}

const FILES = {
  'mf-manifest.json': '{"name":"remote_acme","metaData":{"contractVersion":"2.1.0"}}',
  'remoteEntry.js': 'window.remote_acme = {};',
  'static/js/async/__federation_expose_pages__login.js': 'console.log("login");',
  'static/css/async/__federation_expose_pages__login.css': '.a{color:red}',
};

describe("a theme's dev build, signed as it is served", () => {
  it("lists every asset with its hash, signed with the remote's key, made when missing, in the last stage", () => {
    const remoteDir = remoteFolder();
    const { assets, stages, lines, name } = compile(remoteDir, FILES);
    expect(name).toBe(DEV_RELEASE_SIGNING_PLUGIN);
    expect(stages).toEqual([REPORT_STAGE]);
    expect(lines).toEqual([expect.stringMatching(/made a release key pair in .*release-key\//)]);
    const publicKey = readFileSync(path.join(remoteDir, 'release-key', 'public.txt'), 'utf8').trim();
    expect(existsSync(path.join(remoteDir, 'release-key', 'private.pem'))).toBe(true);

    const dist = served(assets);
    expect(checkSignedDist(dist, [publicKey])).toEqual([]);
    const document = JSON.parse(readFileSync(path.join(dist, SIGNED_FILES_NAME), 'utf8')) as { signed: string };
    const list = JSON.parse(document.signed) as { files: object; theme: string; sequence: number; expires: string };
    expect(Object.keys(list.files)).toEqual(Object.keys(FILES).sort());
    // A release of the remote's theme, as new as the build, good for months.
    expect(list.theme).toBe('Acme');
    expect(Math.abs(list.sequence - Date.now())).toBeLessThan(60_000);
    expect(Date.parse(list.expires) - Date.now()).toBeGreaterThan(30 * 24 * 3600 * 1000);
    // Any other key is refused, as the host refuses it.
    const other = compile(remoteFolder(), FILES);
    expect(checkSignedDist(served(other.assets), [publicKey])).toEqual(['the signature is not by any of the keys given']);
  });

  it('signs every rebuild again, with the same key, and lists its new files', () => {
    const remoteDir = remoteFolder();
    const first = compile(remoteDir, FILES);
    const publicKey = readFileSync(path.join(remoteDir, 'release-key', 'public.txt'), 'utf8').trim();
    const rebuilt = {
      ...FILES,
      'remoteEntry.js': 'window.remote_acme = { edited: true };',
      'remote_acme.0123abcd.hot-update.json': '{"c":[]}',
    };
    const second = compile(remoteDir, rebuilt, first.assets);
    expect(second.lines).toEqual([]);
    const dist = served(second.assets);
    expect(checkSignedDist(dist, [publicKey])).toEqual([]);
    // The first build's list does not hold for the second build's files.
    writeFileSync(path.join(dist, SIGNED_FILES_NAME), first.assets.get(SIGNED_FILES_NAME)!.buffer());
    expect(checkSignedDist(dist, [publicKey])).toEqual(
      expect.arrayContaining([
        'remoteEntry.js differs from the signed list',
        'remote_acme.0123abcd.hot-update.json is served but not listed',
      ]),
    );
  });
});
