// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { Site } from '@member/shared-core';
import { knownSites, LAST_SITES_KEY, rememberSite } from './known-sites';

const site = (key: string) => ({ key, brand: { name: key.toUpperCase() } }) as Site;
const SITES = ['pre8', 'os39', 'bkmc', 'sm88'].map(site);

afterEach(() => localStorage.clear());

describe('the clubs this device has opened', () => {
  it('are listed newest first, each once, and only those sites.json still has', () => {
    rememberSite('bkmc');
    rememberSite('gone');
    rememberSite('pre8');
    rememberSite('bkmc');
    expect(knownSites(SITES, null, '').map((s) => s.key)).toEqual(['bkmc', 'pre8']);
  });

  it("take in the clubs a member's login cookie names, and leave out the refused one", () => {
    rememberSite('pre8');
    expect(knownSites(SITES, 'pre8', 'member-sm88=sm88; member-os39=pre8; other=1').map((s) => s.key)).toEqual(['sm88']);
  });

  it('keep the last five, and read a broken entry as none', () => {
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f']) rememberSite(key);
    expect(JSON.parse(localStorage.getItem(LAST_SITES_KEY)!)).toEqual(['f', 'e', 'd', 'c', 'b']);
    localStorage.setItem(LAST_SITES_KEY, '{');
    expect(knownSites(SITES, null, '')).toEqual([]);
  });
});
