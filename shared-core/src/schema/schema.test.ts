import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateSitesFile } from './site-config';
import { checkRuntimeConfig, validateRuntimeConfig } from './runtime-config';
import { isContractCompatible, remoteAccepted } from '../contract';

const sitesJson = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../../sites.json'), 'utf8'));
const ED25519_KEY = 'MCowBQYDK2VwAyEASUCK0GuFmd4mL31SIL5K1DFwU/pEUBNuGkVtSU7j0Cs=';
const P256_KEY =
  'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEaCoDFP4BuG4w1nE6eTlqCdLt0/NKQsry7NZXQ1PxUHgJOqoq0o8GBZm/2vToJ++/BzWUsO+dPK3XKIYfScLdEQ==';
/** The demo's config.json as served: the template, with the keys the demo server adds from each remote's key pair. */
const configJson = (() => {
  const template = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../../host/public/config.json'), 'utf8'));
  return { ...template, remoteKeys: Object.fromEntries(Object.keys(template.remotes).map((theme) => [theme, [ED25519_KEY]])) };
})();

const THEME_NAMES = Object.keys(configJson.remotes as object);

describe('sites.json', () => {
  const result = validateSitesFile(sitesJson, THEME_NAMES);
  it('is valid', () => expect(result).toMatchObject({ ok: true }));
  const sites = result.ok ? result.value.sites : [];
  it('has five sites covering every layout, a mixed site, register off, divisions, and each scheme set', () => {
    expect(sites).toHaveLength(5);
    expect(new Set(sites.map((s) => s.theme))).toEqual(new Set(['default', 'PRE8', 'OSAKA39']));
    expect(sites.some((s) => new Set(Object.values(s.pages).map((p) => p.theme)).size > 1)).toBe(true);
    expect(sites.some((s) => !s.registerEnabled)).toBe(true);
    const divided = sites.find((s) => s.divided);
    expect(Object.keys(divided?.brand.lineId as object)).toEqual(['ufkklacsag1', 'ufkklacsag2', 'ufkklacsag3', 'ufkklacsag4']);
    expect(Object.keys(divided?.brand.lineLink as object)).toEqual(['ufkklacsag1', 'ufkklacsag2', 'ufkklacsag3', 'ufkklacsag4']);
    const schemes = sites.map((s) => [...s.schemes].sort().join('+'));
    expect(schemes).toEqual(expect.arrayContaining(['light', 'dark', 'dark+light']));
  });
  /** The one site set aside, and the keys of the sites still served. */
  function setAside(broken: unknown, themes: readonly string[] = THEME_NAMES) {
    const checked = validateSitesFile(broken, themes);
    if (!checked.ok) throw new Error(`the whole file failed: ${checked.field}`);
    return { invalid: checked.value.invalid ?? [], served: checked.value.sites.map((s) => s.key) };
  }
  const allKeys = (sitesJson.sites as { key: string }[]).map((s) => s.key);

  it('sets aside only the site whose layout names a theme config.json does not have, naming the field', () => {
    const broken = structuredClone(sitesJson);
    broken.sites[2].components[1].layout = 'NEON';
    const { invalid, served } = setAside(broken);
    expect(invalid).toEqual([
      { key: allKeys[2], problems: [{ field: 'sites[2].components[1].layout', problem: `must be one of ${THEME_NAMES.join(', ')}` }] },
    ]);
    expect(served).toEqual(allKeys.filter((_, i) => i !== 2));
  });
  it('names every bad field of a site, not only the first', () => {
    const broken = structuredClone(sitesJson);
    broken.sites[1].layout = 'Acme';
    broken.sites[1].components[0].activeLayout = 'Nope';
    broken.sites[1].logo = '';
    broken.sites[1].register = 'yes';
    const { invalid, served } = setAside(broken);
    expect(invalid).toHaveLength(1);
    expect(invalid[0]?.key).toBe(allKeys[1]);
    expect(invalid[0]?.problems.map((p) => p.field)).toEqual([
      'sites[1].components[0].activeLayout',
      'sites[1].logo',
      'sites[1].layout',
      'sites[1].register',
    ]);
    expect(served).toHaveLength(allKeys.length - 1);
  });
  it('takes any theme name config.json has, and any well-formed name when no list is given', () => {
    const renamed = structuredClone(sitesJson);
    renamed.sites[0].layout = 'Acme';
    renamed.sites[0].components[0].layout = 'Acme';
    expect(setAside(renamed, [...THEME_NAMES, 'Acme']).invalid).toEqual([]);
    expect(setAside(renamed, THEME_NAMES).invalid.map((s) => s.key)).toEqual([allKeys[0]]);
    expect(setAside(renamed, null as unknown as string[]).invalid).toEqual([]);
  });
  it('sets aside a divided site whose LineID is a plain string', () => {
    const broken = structuredClone(sitesJson);
    const index = broken.sites.findIndex((s: { divisions: string }) => s.divisions === 'true');
    broken.sites[index].LineID = '@one';
    expect(setAside(broken).invalid[0]?.problems).toEqual([{ field: `sites[${index}].LineID`, problem: 'must be an object' }]);
  });
  it('sets aside a site missing a page', () => {
    const broken = structuredClone(sitesJson);
    broken.sites[0].components.pop();
    expect(setAside(broken).invalid[0]).toMatchObject({ key: allKeys[0], problems: [{ field: 'sites[0].components' }] });
  });
  it('sets aside an entry that is not an object or has no key, and a second site with a used key', () => {
    const broken = structuredClone(sitesJson);
    broken.sites.push('nonsense', { ...structuredClone(sitesJson.sites[0]) });
    const { invalid, served } = setAside(broken);
    expect(invalid).toEqual([
      { key: null, problems: [{ field: `sites[${allKeys.length}]`, problem: 'must be an object' }] },
      { key: allKeys[0], problems: [{ field: `sites[${allKeys.length + 1}].key`, problem: `"${allKeys[0]}" is used twice` }] },
    ]);
    expect(served).toEqual(allKeys);
  });
  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'promotions',
    '//evil.example/promo',
    '/promo',
  ])('sets aside a site whose promoLink or LineLink is %j, naming the field and the site key', (bad) => {
    const promo = structuredClone(sitesJson);
    promo.sites[1].promoLink = bad;
    expect(setAside(promo)).toEqual({
      invalid: [
        { key: allKeys[1], problems: [{ field: 'sites[1].promoLink', problem: `must be an absolute http(s) URL (site "${allKeys[1]}")` }] },
      ],
      served: allKeys.filter((_, i) => i !== 1),
    });
    const line = structuredClone(sitesJson);
    line.sites[0].LineLink = bad;
    expect(setAside(line).invalid).toEqual([
      { key: allKeys[0], problems: [{ field: 'sites[0].LineLink', problem: `must be an absolute http(s) URL (site "${allKeys[0]}")` }] },
    ]);
  });
  it("checks each division's LINE link of a divided site", () => {
    const broken = structuredClone(sitesJson);
    const index = broken.sites.findIndex((s: { divisions: string }) => s.divisions === 'true');
    const division = Object.keys(broken.sites[index].LineLink)[1]!;
    broken.sites[index].LineLink[division] = 'javascript:alert(1)';
    expect(setAside(broken).invalid).toEqual([
      {
        key: allKeys[index],
        problems: [
          { field: `sites[${index}].LineLink.${division}`, problem: `must be an absolute http(s) URL (site "${allKeys[index]}")` },
        ],
      },
    ]);
  });
  it('takes a logo as a path on this origin or an http(s) URL, and refuses any other', () => {
    const fine = structuredClone(sitesJson);
    fine.sites[0].logo = 'https://cdn.example/pre8.svg';
    expect(setAside(fine).invalid).toEqual([]);
    for (const bad of ['javascript:alert(1)', '//evil.example/logo.svg', 'logo.svg']) {
      const broken = structuredClone(sitesJson);
      broken.sites[0].logo = bad;
      expect(setAside(broken).invalid).toEqual([
        {
          key: allKeys[0],
          problems: [
            {
              field: 'sites[0].logo',
              problem: `must be an absolute http(s) URL or a path on this origin such as /logo.svg (site "${allKeys[0]}")`,
            },
          ],
        },
      ]);
    }
  });
  it("takes the installed app's names, Thai and English, and its short name; refuses another language or an empty name", () => {
    const named = structuredClone(sitesJson);
    named.sites[2].shortName = 'BKMC';
    named.sites[2].names = { th: { name: 'บางกอก เมมเบอร์ คลับ', shortName: 'บางกอก' }, en: { name: 'Bangkok Member Club' } };
    const checked = validateSitesFile(named, THEME_NAMES);
    expect(checked.ok && checked.value.sites[2]?.brand).toMatchObject({ shortName: 'BKMC', appNames: named.sites[2].names });
    const broken = structuredClone(sitesJson);
    broken.sites[0].names = { fr: { name: 'PRE8' } };
    broken.sites[1].names = { th: { name: '' } };
    broken.sites[2].shortName = 'x'.repeat(31);
    expect(setAside(broken).invalid.map((site: { problems: { field: string }[] }) => site.problems.map((p) => p.field))).toEqual([
      ['sites[0].names.fr'],
      ['sites[1].names.th.name'],
      ['sites[2].shortName'],
    ]);
  });
  it('keeps a safe link as written (the pages use what the guard gives back)', () => {
    const spaced = structuredClone(sitesJson);
    spaced.sites[0].promoLink = ' https://promo.example/offers ';
    const checked = validateSitesFile(spaced, THEME_NAMES);
    expect(checked.ok && checked.value.sites[0]?.brand.promoLink).toBe(' https://promo.example/offers ');
  });
  it('names no site when the entry has no usable key', () => {
    const broken = structuredClone(sitesJson);
    delete broken.sites[0].key;
    broken.sites[0].promoLink = 'javascript:alert(1)';
    expect(setAside(broken).invalid[0]?.problems).toContainEqual({
      field: 'sites[0].promoLink',
      problem: 'must be an absolute http(s) URL',
    });
  });
  it('fails as a whole only when it is not a list of sites', () => {
    expect(validateSitesFile({ sites: {} })).toEqual({ ok: false, field: 'sites', problem: 'must be an array' });
    expect(validateSitesFile([])).toMatchObject({ ok: false, field: 'sites.json' });
  });
});

describe('config.json', () => {
  it('is valid', () => expect(validateRuntimeConfig(configJson)).toMatchObject({ ok: true }));
  it('names a bad remote URL', () => {
    const broken = structuredClone(configJson);
    broken.remotes.PRE8 = 'javascript:alert(1)';
    expect(validateRuntimeConfig(broken)).toEqual({ ok: false, field: 'remotes.PRE8', problem: 'must be an absolute http(s) URL' });
  });
  it("takes the API and the channel authoriser as URLs, the host's own origin included, or as a path on it", () => {
    for (const base of ['https://members.example.com', 'https://members.example.com/', '/', '/member']) {
      expect(validateRuntimeConfig({ ...configJson, apiBase: base, broadcastAuthBase: base })).toMatchObject({
        ok: true,
        value: { apiBase: base, broadcastAuthBase: base },
      });
    }
    const problem = 'must be an absolute http(s) URL or a path on this origin such as /';
    for (const base of ['//api.example.com', 'api', '/api?x=1', '/#x', 'ftp://api.example.com', '']) {
      const expected = base === '' ? { ok: false, field: 'apiBase' } : { ok: false, field: 'apiBase', problem };
      expect(validateRuntimeConfig({ ...configJson, apiBase: base })).toMatchObject(expected);
    }
    expect(validateRuntimeConfig({ ...configJson, broadcastAuthBase: '//auth.example.com' })).toEqual({
      ok: false,
      field: 'broadcastAuthBase',
      problem,
    });
  });
  it('keeps every extra theme, each URL checked', () => {
    const extra = {
      ...structuredClone(configJson),
      remotes: { ...configJson.remotes, Acme: 'https://acme.example/mf-manifest.json' },
      remoteKeys: { ...configJson.remoteKeys, Acme: [P256_KEY] },
    };
    expect(validateRuntimeConfig(extra)).toMatchObject({
      ok: true,
      value: { remotes: { ...configJson.remotes, Acme: 'https://acme.example/mf-manifest.json' } },
    });
    extra.remotes.Acme = 'acme/mf-manifest.json';
    expect(validateRuntimeConfig(extra)).toEqual({ ok: false, field: 'remotes.Acme', problem: 'must be an absolute http(s) URL' });
    expect(validateRuntimeConfig({ ...configJson, remotes: { ...configJson.remotes, 'a b': 'https://x.example/m.json' } })).toMatchObject({
      ok: false,
      field: 'remotes.a b',
    });
  });
  it('requires the default theme', () => {
    const { default: _, ...others } = configJson.remotes as Record<string, string>;
    const { default: _key, ...otherKeys } = configJson.remoteKeys as Record<string, string[]>;
    expect(validateRuntimeConfig({ ...configJson, remotes: others, remoteKeys: otherKeys })).toEqual({
      ok: false,
      field: 'remotes.default',
      problem: 'is required: every deployment needs the default theme',
    });
  });
  it("requires each theme's release keys, in the form npm run release-key prints, and rotation's two", () => {
    const { remoteKeys: _, ...without } = configJson;
    expect(validateRuntimeConfig(without)).toMatchObject({ ok: false, field: 'remoteKeys' });
    const { PRE8: _pre8, ...lacking } = configJson.remoteKeys as Record<string, string[]>;
    expect(validateRuntimeConfig({ ...configJson, remoteKeys: lacking })).toEqual({
      ok: false,
      field: 'remoteKeys.PRE8',
      problem: "is required: list the public keys this theme remote's releases are signed with",
    });
    expect(validateRuntimeConfig({ ...configJson, remoteKeys: { ...configJson.remoteKeys, PRE8: [] } })).toMatchObject({
      ok: false,
      field: 'remoteKeys.PRE8',
    });
    for (const bad of ['not a key', ED25519_KEY.slice(0, -2), 'MCowBQYDK2VlAyEA' + ED25519_KEY.slice(16), 42]) {
      expect(validateRuntimeConfig({ ...configJson, remoteKeys: { ...configJson.remoteKeys, PRE8: [ED25519_KEY, bad] } })).toMatchObject({
        ok: false,
        field: 'remoteKeys.PRE8[1]',
        problem: expect.stringContaining('Ed25519 or ECDSA P-256') as unknown,
      });
    }
    expect(validateRuntimeConfig({ ...configJson, remoteKeys: { ...configJson.remoteKeys, PRE8: [P256_KEY, ED25519_KEY] } })).toMatchObject(
      {
        ok: true,
        value: { remoteKeys: { PRE8: [P256_KEY, ED25519_KEY] } },
      },
    );
    expect(validateRuntimeConfig({ ...configJson, remoteKeys: { ...configJson.remoteKeys, Gone: [ED25519_KEY] } })).toMatchObject({
      ok: false,
      field: 'remoteKeys.Gone',
    });
  });
  it("takes an operator's pinned oldest release per theme, a whole number, for a theme remotes lists", () => {
    expect(validateRuntimeConfig({ ...configJson, remoteMinRelease: { PRE8: 1767225600000 } })).toMatchObject({
      ok: true,
      value: { remoteMinRelease: { PRE8: 1767225600000 } },
    });
    expect(validateRuntimeConfig(configJson)).toMatchObject({
      ok: true,
      value: expect.not.objectContaining({ remoteMinRelease: expect.anything() }) as unknown,
    });
    expect(validateRuntimeConfig({ ...configJson, remoteMinRelease: { PRE8: '1767225600000' } })).toEqual({
      ok: false,
      field: 'remoteMinRelease.PRE8',
      problem: 'must be a number, not a string: write 1767225600000 without quotes',
    });
    for (const bad of [1.5, -1, 'soon', null]) {
      expect(validateRuntimeConfig({ ...configJson, remoteMinRelease: { PRE8: bad } })).toMatchObject({
        ok: false,
        field: 'remoteMinRelease.PRE8',
        problem: expect.stringContaining('release sequence') as unknown,
      });
    }
    expect(validateRuntimeConfig({ ...configJson, remoteMinRelease: { Gone: 1 } })).toMatchObject({
      ok: false,
      field: 'remoteMinRelease.Gone',
    });
    expect(validateRuntimeConfig({ ...configJson, remoteMinRelease: [1] })).toMatchObject({ ok: false, field: 'remoteMinRelease' });
  });
  it('names a short AES key', () => {
    const broken = structuredClone(configJson);
    broken.crypto.key = 'short';
    expect(validateRuntimeConfig(broken)).toMatchObject({ ok: false, field: 'crypto.key' });
  });
  it('refuses a root redirect off the site', () => {
    for (const away of ['//evil.example', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)']) {
      expect(validateRuntimeConfig({ ...configJson, rootRedirect: away })).toMatchObject({ ok: false, field: 'rootRedirect' });
    }
    expect(validateRuntimeConfig({ ...configJson, rootRedirect: '/slot?brand=PP' })).toMatchObject({ ok: true });
  });
  it('keeps an error report URL, leaves it out when absent, and names a bad one', () => {
    const valid = validateRuntimeConfig({ ...configJson, errorReportUrl: 'https://reports.example/v1' });
    expect(valid).toMatchObject({ ok: true, value: { errorReportUrl: 'https://reports.example/v1' } });
    const without = structuredClone(configJson);
    delete without.errorReportUrl;
    const absent = validateRuntimeConfig(without);
    expect(absent.ok && 'errorReportUrl' in absent.value).toBe(false);
    for (const bad of ['/reports', 'ftp://reports.example', 42]) {
      expect(validateRuntimeConfig({ ...configJson, errorReportUrl: bad })).toEqual({
        ok: false,
        field: 'errorReportUrl',
        problem: expect.any(String) as string,
      });
    }
  });
  it('keeps a field figures (web vitals) URL, leaves it out when absent, and names a bad one', () => {
    const valid = validateRuntimeConfig({ ...configJson, vitalsReportUrl: 'https://figures.example/v1/vitals' });
    expect(valid).toMatchObject({ ok: true, value: { vitalsReportUrl: 'https://figures.example/v1/vitals' } });
    const without = structuredClone(configJson);
    delete without.vitalsReportUrl;
    const absent = validateRuntimeConfig(without);
    expect(absent.ok && 'vitalsReportUrl' in absent.value).toBe(false);
    for (const bad of ['/reports/vitals', 'ftp://figures.example', 'javascript:alert(1)', 'data:text/plain,x', '', 42, null]) {
      expect(validateRuntimeConfig({ ...configJson, vitalsReportUrl: bad })).toEqual({
        ok: false,
        field: 'vitalsReportUrl',
        problem: expect.any(String) as string,
      });
    }
  });
});

describe('config.json: every problem at once', () => {
  it('names each bad field, not only the first, so one edit fixes the file', () => {
    const broken = structuredClone(configJson);
    broken.pusher.wssPort = '443';
    broken.crypto.iv = 'short';
    broken.remotes.PRE8 = 'javascript:alert(1)';
    broken.allowedOrigins = ['https://ok.example', 'data:text/html,x'];
    delete broken.rootRedirect;
    const checked = checkRuntimeConfig(broken);
    expect(checked.ok).toBe(false);
    expect(checked.ok ? [] : checked.problems).toEqual([
      { field: 'remotes.PRE8', problem: 'must be an absolute http(s) URL' },
      { field: 'crypto.iv', problem: 'must be 16 bytes' },
      { field: 'pusher.wssPort', problem: 'must be a number, not a string: write 443 without quotes' },
      { field: 'rootRedirect', problem: 'must be a non-empty string' },
      { field: 'allowedOrigins[1]', problem: 'must be an absolute http(s) URL' },
    ]);
    // The one-problem form reports the first of them.
    expect(validateRuntimeConfig(broken)).toEqual({ ok: false, field: 'remotes.PRE8', problem: 'must be an absolute http(s) URL' });
  });
  it("still names a theme's missing release keys when that theme's URL is bad", () => {
    const broken = structuredClone(configJson);
    broken.remotes.PRE8 = 'pre8/mf-manifest.json';
    delete broken.remoteKeys.PRE8;
    const checked = checkRuntimeConfig(broken);
    expect(checked.ok ? [] : checked.problems.map((p) => p.field)).toEqual(['remotes.PRE8', 'remoteKeys.PRE8']);
  });
  it('is one problem for a file that is not an object', () => {
    expect(checkRuntimeConfig([])).toEqual({ ok: false, problems: [{ field: 'config.json', problem: 'must be a JSON object' }] });
  });
  it('gives the same config as the one-problem form when valid', () => {
    expect(checkRuntimeConfig(configJson)).toEqual(validateRuntimeConfig(configJson));
  });
});

describe('config.json: the socket', () => {
  const withPusher = (pusher: Record<string, unknown>) => ({ ...structuredClone(configJson), pusher: { ...configJson.pusher, ...pusher } });
  it('takes a TLS port and a path (Laravel Reverb behind a proxy)', () => {
    const result = validateRuntimeConfig(
      withPusher({ wsHost: 'members.example.com', wsPort: 80, wssPort: 443, wsPath: '/reverb', forceTLS: true }),
    );
    expect(result).toMatchObject({
      ok: true,
      value: { pusher: { wsHost: 'members.example.com', wsPort: 80, wssPort: 443, wsPath: '/reverb', forceTLS: true } },
    });
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

describe('remoteAccepted: contract versions both ways', () => {
  it('takes a remote of our major that needs this host or an older one', () => {
    expect(remoteAccepted({ contractVersion: '1.0.0', minHostContract: '1.0.0' }, '1.2.0')).toBe(true);
    expect(remoteAccepted({ contractVersion: '1.5.0', minHostContract: '1.2.0' }, '1.2.0')).toBe(true);
    expect(remoteAccepted({ contractVersion: '1.5.0', minHostContract: '1.1.9' }, '1.2.0')).toBe(true);
    expect(remoteAccepted({ contractVersion: '1.5.0', minHostContract: '1.2.3' }, '1.2.3')).toBe(true);
  });
  it('takes a remote that does not say what it needs (it needs its major only)', () => {
    expect(remoteAccepted({ contractVersion: '1.3.0' }, '1.0.0')).toBe(true);
  });
  it('refuses a remote that needs a newer minor or patch than the host offers', () => {
    expect(remoteAccepted({ contractVersion: '1.3.0', minHostContract: '1.3.0' }, '1.2.0')).toBe(false);
    expect(remoteAccepted({ contractVersion: '1.2.4', minHostContract: '1.2.4' }, '1.2.3')).toBe(false);
  });
  it('refuses another major either way', () => {
    expect(remoteAccepted({ contractVersion: '2.0.0', minHostContract: '1.0.0' }, '1.0.0')).toBe(false);
    expect(remoteAccepted({ contractVersion: '1.0.0', minHostContract: '2.0.0' }, '1.9.0')).toBe(false);
    expect(remoteAccepted({ contractVersion: '1.0.0', minHostContract: '0.9.0' }, '1.0.0')).toBe(false);
    expect(remoteAccepted({ contractVersion: '0.9.0' }, '1.0.0')).toBe(false);
  });
  it('refuses malformed versions on either side', () => {
    for (const bad of ['1.2', 'one', '', '1.2.x', 3, null]) {
      expect(remoteAccepted({ contractVersion: bad }, '1.0.0')).toBe(false);
      expect(remoteAccepted({ contractVersion: '1.0.0', minHostContract: bad }, '1.0.0')).toBe(false);
    }
    expect(remoteAccepted({ contractVersion: '1.0.0' }, 'v1')).toBe(false);
  });
});
