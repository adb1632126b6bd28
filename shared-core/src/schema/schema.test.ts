import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateSitesFile } from './site-config';
import { validateRuntimeConfig } from './runtime-config';
import { isContractCompatible } from '../contract';

const sitesJson = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../../sites.json'), 'utf8'));
const configJson = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../../host/public/config.json'), 'utf8'));

describe('sites.json', () => {
  const result = validateSitesFile(sitesJson);
  it('is valid', () => expect(result).toMatchObject({ ok: true }));
  const sites = result.ok ? result.value.sites : [];
  it('has five sites covering every layout, a mixed site, register off, divisions, and each scheme set', () => {
    expect(sites).toHaveLength(5);
    expect(new Set(sites.map((s) => s.layout))).toEqual(new Set(['default', 'PRE8', 'OSAKA39']));
    expect(sites.some((s) => new Set(s.components.map((c) => c.layout)).size > 1)).toBe(true);
    expect(sites.some((s) => !s.register)).toBe(true);
    const divided = sites.find((s) => s.divisions === 'true');
    expect(Object.keys(divided?.LineID as object)).toEqual(['ufkklacsag1', 'ufkklacsag2', 'ufkklacsag3', 'ufkklacsag4']);
    expect(Object.keys(divided?.LineLink as object)).toEqual(['ufkklacsag1', 'ufkklacsag2', 'ufkklacsag3', 'ufkklacsag4']);
    const schemes = sites.map((s) => s.themes.map((t) => t.theme).sort().join('+'));
    expect(schemes).toEqual(expect.arrayContaining(['light', 'dark', 'dark+light']));
  });
  it('names the bad field', () => {
    const broken = structuredClone(sitesJson);
    broken.sites[2].components[1].layout = 'NEON';
    expect(validateSitesFile(broken)).toEqual({ ok: false, field: 'sites[2].components[1].layout', problem: 'must be one of default, PRE8, OSAKA39' });
  });
  it('refuses a divided site whose LineID is a plain string', () => {
    const broken = structuredClone(sitesJson);
    const index = broken.sites.findIndex((s: { divisions: string }) => s.divisions === 'true');
    broken.sites[index].LineID = '@one';
    expect(validateSitesFile(broken)).toMatchObject({ ok: false, field: `sites[${index}].LineID` });
  });
  it('refuses a site missing a page', () => {
    const broken = structuredClone(sitesJson);
    broken.sites[0].components.pop();
    expect(validateSitesFile(broken)).toMatchObject({ ok: false, field: 'sites[0].components' });
  });
});

describe('config.json', () => {
  it('is valid', () => expect(validateRuntimeConfig(configJson)).toMatchObject({ ok: true }));
  it('names a bad remote URL', () => {
    const broken = structuredClone(configJson);
    broken.remotes.PRE8 = 'javascript:alert(1)';
    expect(validateRuntimeConfig(broken)).toEqual({ ok: false, field: 'remotes.PRE8', problem: 'must be an absolute http(s) URL' });
  });
  it('names a short AES key', () => {
    const broken = structuredClone(configJson);
    broken.crypto.key = 'short';
    expect(validateRuntimeConfig(broken)).toMatchObject({ ok: false, field: 'crypto.key' });
  });
  it('refuses a root redirect off the site', () => {
    const broken = structuredClone(configJson);
    broken.rootRedirect = '//evil.example';
    expect(validateRuntimeConfig(broken)).toMatchObject({ ok: false, field: 'rootRedirect' });
  });
  it('keeps an error report URL, leaves it out when absent, and names a bad one', () => {
    const valid = validateRuntimeConfig({ ...configJson, errorReportUrl: 'https://reports.example/v1' });
    expect(valid).toMatchObject({ ok: true, value: { errorReportUrl: 'https://reports.example/v1' } });
    const without = structuredClone(configJson);
    delete without.errorReportUrl;
    const absent = validateRuntimeConfig(without);
    expect(absent.ok && 'errorReportUrl' in absent.value).toBe(false);
    for (const bad of ['/reports', 'ftp://reports.example', 42]) {
      expect(validateRuntimeConfig({ ...configJson, errorReportUrl: bad })).toEqual({ ok: false, field: 'errorReportUrl', problem: expect.any(String) as string });
    }
  });
});

describe('config.json: the socket', () => {
  const withPusher = (pusher: Record<string, unknown>) => ({ ...structuredClone(configJson), pusher: { ...configJson.pusher, ...pusher } });
  it('takes a TLS port and a path (Laravel Reverb behind a proxy)', () => {
    const result = validateRuntimeConfig(withPusher({ wsHost: 'members.example.com', wsPort: 80, wssPort: 443, wsPath: '/reverb', forceTLS: true }));
    expect(result).toMatchObject({ ok: true, value: { pusher: { wsHost: 'members.example.com', wsPort: 80, wssPort: 443, wsPath: '/reverb', forceTLS: true } } });
  });
  it('leaves them out when absent', () => {
    const result = validateRuntimeConfig(configJson);
    expect(result.ok && 'wssPort' in result.value.pusher).toBe(false);
    expect(result.ok && 'wsPath' in result.value.pusher).toBe(false);
  });
  it.each([
    [{ wssPort: 0 }, 'pusher.wssPort'],
    [{ wssPort: 70000 }, 'pusher.wssPort'],
    [{ wssPort: '443' }, 'pusher.wssPort'],
    [{ wsPort: 1.5 }, 'pusher.wsPort'],
    [{ wsPath: 'reverb' }, 'pusher.wsPath'],
    [{ wsPath: '/reverb/' }, 'pusher.wsPath'],
    [{ wsPath: '/a?b=1' }, 'pusher.wsPath'],
    [{ wsPath: '//evil.example' }, 'pusher.wsPath'],
    [{ wsPath: 5 }, 'pusher.wsPath'],
  ])('refuses %j, naming %s', (pusher, field) => {
    expect(validateRuntimeConfig(withPusher(pusher))).toMatchObject({ ok: false, field });
  });
});

describe('isContractCompatible', () => {
  it('accepts the same major and refuses another', () => {
    expect(isContractCompatible('1.4.2', '1.0.0')).toBe(true);
    expect(isContractCompatible('2.0.0', '1.0.0')).toBe(false);
    expect(isContractCompatible(undefined, '1.0.0')).toBe(false);
    expect(isContractCompatible('one', '1.0.0')).toBe(false);
  });
});
