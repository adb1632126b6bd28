import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RawSiteEntry } from '@member/shared-core';
import { changeSiteEntry, siteEntryDrawnBy } from '@member/shared-core/schema/site-entries';
import { PREVIEW_LOOKS_PATH, previewLooks, previewLooksSetup } from './preview-looks';

let workspace = '';
let remote = '';

const workspaceSites = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../sites.json'), 'utf8')) as { sites: RawSiteEntry[] };

/** A valid entry (the workspace's first, renamed) drawn by `theme`, its login page by `loginTheme` when given. */
const site = (key: string, flavour: string, theme: string, loginTheme?: string) =>
  changeSiteEntry(siteEntryDrawnBy({ ...workspaceSites.sites[0]!, key }, theme), {
    name: `Site ${key}`,
    flavour,
    ...(loginTheme ? { pageThemes: { login: loginTheme } } : {}),
  });

function writeTokens(flavours: string[]) {
  const table = {
    common: {},
    light: { '--mc-bg': '#ffffff' },
    dark: { '--mc-bg': '#000000' },
    flavours: Object.fromEntries(flavours.map((name) => [name, { light: {}, dark: {} }])),
  };
  writeFileSync(path.join(remote, 'src', 'tokens.ts'), `export const tokens = ${JSON.stringify(table)};\n`);
}

beforeEach(() => {
  workspace = mkdtempSync(path.join(os.tmpdir(), 'preview-looks-'));
  remote = path.join(workspace, 'remote-acme');
  mkdirSync(path.join(remote, 'src'), { recursive: true });
  writeTokens(['acme-blue', 'acme-gold']);
  const sites = [
    site('aaaa', 'acme-gold', 'Other', 'Acme'),
    site('bbbb', 'acme-blue', 'Acme'),
    site('cccc', 'other-red', 'Other'),
    site('dddd', 'mix-violet', 'Acme'),
  ];
  writeFileSync(path.join(workspace, 'sites.json'), JSON.stringify({ sites }));
});

afterEach(() => rmSync(workspace, { recursive: true, force: true }));

describe('what a theme’s preview gallery can show', () => {
  it('lists the flavours of tokens.ts and the sites of sites.json that show the theme, as their own or for a page, with their flavour', async () => {
    expect(await previewLooks(remote, 'Acme')).toEqual({
      theme: 'Acme',
      flavours: ['acme-blue', 'acme-gold'],
      sites: [
        { key: 'aaaa', name: 'Site aaaa', flavour: 'acme-gold', main: false },
        { key: 'bbbb', name: 'Site bbbb', flavour: 'acme-blue', main: true },
        { key: 'dddd', name: 'Site dddd', flavour: 'mix-violet', main: true },
      ],
    });
  });

  it('reads tokens.ts again on every call, so a flavour added while the dev server runs is offered', async () => {
    await previewLooks(remote, 'Acme');
    writeTokens(['acme-blue', 'acme-gold', 'acme-jade']);
    expect((await previewLooks(remote, 'Acme')).flavours).toEqual(['acme-blue', 'acme-gold', 'acme-jade']);
  });

  it('offers the flavours alone when there is no sites.json beside the theme', async () => {
    rmSync(path.join(workspace, 'sites.json'));
    expect(await previewLooks(remote, 'Acme')).toEqual({ theme: 'Acme', flavours: ['acme-blue', 'acme-gold'], sites: [] });
  });
});

describe('the dev server’s answer', () => {
  type Handler = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

  /** The handler the setup registers, and the route it registers it on (none for a preview server). */
  function registered(action: 'dev' | 'preview'): { route: string; handler: Handler } | undefined {
    let found: { route: string; handler: Handler } | undefined;
    previewLooksSetup(remote, 'Acme')({ action, server: { middlewares: { use: (route, handler) => (found = { route, handler }) } } });
    return found;
  }

  /** What the handler answers: status, headers and the parsed body. */
  function answer(handler: Handler): Promise<{ status: number; headers: Record<string, string>; body: unknown }> {
    return new Promise((resolve) => {
      const headers: Record<string, string> = {};
      const response = {
        statusCode: 0,
        setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
        end(text: string) {
          resolve({ status: this.statusCode, headers, body: JSON.parse(text) });
        },
      };
      handler({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
    });
  }

  it('is registered on the dev server only', () => {
    expect(registered('dev')?.route).toBe(PREVIEW_LOOKS_PATH);
    expect(registered('preview')).toBeUndefined();
  });

  it('answers the looks as JSON, never cached', async () => {
    const { status, headers, body } = await answer(registered('dev')!.handler);
    expect(status).toBe(200);
    expect(headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    expect(body).toMatchObject({ theme: 'Acme', flavours: ['acme-blue', 'acme-gold'] });
  });

  it('answers 500 with the reason when tokens.ts cannot be read', async () => {
    writeFileSync(path.join(remote, 'src', 'tokens.ts'), 'export const tokens = {\n');
    const { status, body } = await answer(registered('dev')!.handler);
    expect(status).toBe(500);
    expect((body as { error: string }).error).toContain(`${path.join(remote, 'src', 'tokens.ts')} could not be read`);
  });
});
