import { describe, expect, it } from 'vitest';
import {
  defaultFlavour,
  fetchPreviewLooks,
  flavourChoices,
  parsePreviewLooks,
  PREVIEW_LOOKS_PATH,
  type PreviewLooks,
} from './preview-looks';

const looks: PreviewLooks = {
  flavours: ['acme-blue', 'acme-gold', 'acme-jade'],
  sites: [
    { key: 'mixd', name: 'Mixed Club', flavour: 'mix-violet', main: false },
    { key: 'gold', name: 'Gold Club', flavour: 'acme-gold', main: true },
    { key: 'gol2', name: 'Gold Two', flavour: 'acme-gold', main: true },
  ],
};

describe('the gallery’s flavours', () => {
  it('offers the theme’s flavours in its order with the sites that use them, then the names sites ask for that it lacks', () => {
    expect(flavourChoices(looks, '')).toEqual([
      { name: 'acme-blue', sites: [], missing: false },
      { name: 'acme-gold', sites: ['Gold Club', 'Gold Two'], missing: false },
      { name: 'acme-jade', sites: [], missing: false },
      { name: 'mix-violet', sites: ['Mixed Club'], missing: true },
    ]);
  });

  it('keeps a flavour the address names even when neither list has it, flagged as missing', () => {
    expect(flavourChoices(looks, 'typo-blue').at(-1)).toEqual({ name: 'typo-blue', sites: [], missing: true });
  });

  it('without the dev server’s answer, offers only the flavour shown, not flagged (nothing to tell)', () => {
    expect(flavourChoices(null, 'acme-gold')).toEqual([{ name: 'acme-gold', sites: [], missing: false }]);
    expect(flavourChoices(null, '')).toEqual([]);
  });

  it('opens in the flavour of the first site whose layout is the theme, else of the first site showing it, else the theme’s first, else none', () => {
    expect(defaultFlavour(looks)).toBe('acme-gold');
    expect(defaultFlavour({ ...looks, sites: looks.sites.slice(0, 1) })).toBe('mix-violet');
    expect(defaultFlavour({ ...looks, sites: [] })).toBe('acme-blue');
    expect(defaultFlavour({ flavours: [], sites: [] })).toBe('');
    expect(defaultFlavour(null)).toBe('');
  });
});

describe('the dev server’s answer', () => {
  it('is read from its path, past any cache, and keeps only readable sites', async () => {
    const asked: Array<[string, RequestInit | undefined]> = [];
    const fetcher = (async (url: string, init?: RequestInit) => {
      asked.push([url, init]);
      return new Response(JSON.stringify({ theme: 'Acme', flavours: ['acme-blue'], sites: [looks.sites[1], { key: 'bad' }] }));
    }) as typeof fetch;
    expect(await fetchPreviewLooks(fetcher)).toEqual({ flavours: ['acme-blue'], sites: [looks.sites[1]] });
    expect(asked).toEqual([[PREVIEW_LOOKS_PATH, { cache: 'no-store' }]]);
  });

  it('is null when the server fails, is not there or answers something else', async () => {
    expect(
      await fetchPreviewLooks((async () => new Response('{"error":"tokens.ts could not be read"}', { status: 500 })) as typeof fetch),
    ).toBeNull();
    expect(await fetchPreviewLooks((async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch)).toBeNull();
    expect(parsePreviewLooks({ flavours: 'acme-blue', sites: [] })).toBeNull();
    expect(parsePreviewLooks('<!doctype html>')).toBeNull();
  });
});
