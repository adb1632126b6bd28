import { describe, expect, test } from 'vitest';
import { NEUTRAL_COLOURS, offlineLook, readKeptColours, type OfflineFacts } from './offline-look';

const sites = {
  sites: [
    { key: 'pre8', web: 'PRE8', logo: '/logos/pre8.svg', themes: [{ title: 'dark', theme: 'dark' }] },
    { key: 'os39', web: 'OSAKA39', logo: '/logos/os39.svg', themes: [{ title: 'light', theme: 'light' }] },
    {
      key: 'bkmc',
      web: 'Bangkok Member Club',
      logo: 'javascript:alert(1)',
      themes: [
        { title: 'light', theme: 'light' },
        { title: 'dark', theme: 'dark' },
      ],
    },
  ],
};
const pre8Dark = { bg: '#0b0a08', text: '#f6eedb', muted: '#bdb196', primary: '#d9b24c', onPrimary: '#17120a' };

const facts = (more: Partial<OfflineFacts> = {}): OfflineFacts => ({
  search: '',
  cookie: '',
  storedLocale: null,
  storedDark: null,
  keptColours: () => null,
  sites,
  ...more,
});

describe("the offline page's brand", () => {
  test('from ?prefix=: its name, logo and only scheme, Thai by default, neutral colours until its pages have shown', () => {
    expect(offlineLook(facts({ search: '?prefix=pre8' }))).toEqual({
      prefix: 'pre8',
      name: 'PRE8',
      logo: '/logos/pre8.svg',
      scheme: 'dark',
      lang: 'th',
      colours: NEUTRAL_COLOURS.dark,
    });
  });

  test('from the login cookie when the address names none', () => {
    expect(offlineLook(facts({ cookie: 'member-os39=os39; i18n_redirected=en' }))).toMatchObject({
      prefix: 'os39',
      scheme: 'light',
      lang: 'en',
    });
  });

  test("the member's language and scheme choices, where the brand has both schemes", () => {
    expect(offlineLook(facts({ search: '?prefix=bkmc', storedLocale: 'EN', storedDark: 'true' }))).toMatchObject({
      lang: 'en',
      scheme: 'dark',
    });
    // A brand with one scheme keeps it, whatever the member chose elsewhere.
    expect(offlineLook(facts({ search: '?prefix=os39', storedDark: 'true' })).scheme).toBe('light');
  });

  test('the colours its pages last showed in that scheme', () => {
    const kept = JSON.stringify({ dark: pre8Dark });
    expect(offlineLook(facts({ search: '?prefix=pre8', keptColours: (p) => (p === 'pre8' ? kept : null) })).colours).toEqual(pre8Dark);
  });

  test('a logo that fails the safe-URL guard is not shown', () => {
    expect(offlineLook(facts({ search: '?prefix=bkmc' })).logo).toBeNull();
  });

  test('no brand (none named, an unknown one, or no stored sites.json): no name, no logo, the neutral light look', () => {
    for (const more of [{}, { search: '?prefix=nope' }, { search: '?prefix=pre8', sites: null }]) {
      expect(offlineLook(facts(more))).toEqual({
        prefix: null,
        name: '',
        logo: null,
        scheme: 'light',
        lang: 'th',
        colours: NEUTRAL_COLOURS.light,
      });
    }
  });
});

describe('kept colours', () => {
  test('every colour must be a plain CSS colour, or none is used', () => {
    expect(readKeptColours(JSON.stringify({ dark: pre8Dark }), 'dark')).toEqual(pre8Dark);
    expect(readKeptColours(JSON.stringify({ dark: pre8Dark }), 'light')).toBeNull();
    expect(readKeptColours(JSON.stringify({ dark: { ...pre8Dark, bg: 'url(https://evil.example/x)' } }), 'dark')).toBeNull();
    expect(readKeptColours(JSON.stringify({ dark: { ...pre8Dark, text: undefined } }), 'dark')).toBeNull();
    expect(readKeptColours('not json', 'dark')).toBeNull();
    expect(readKeptColours(null, 'dark')).toBeNull();
  });
});
