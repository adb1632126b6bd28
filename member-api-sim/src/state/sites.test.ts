import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RawSiteEntry } from '@member/shared-core';
import { changeSiteEntry } from '@member/shared-core/schema/site-entries';
import { DEFAULT_SITES_FILE } from '../config';
import { parseSites } from './sites';

const workspace = JSON.parse(readFileSync(DEFAULT_SITES_FILE, 'utf8')) as { sites: RawSiteEntry[] };
const withSite = (index: number, change: Parameters<typeof changeSiteEntry>[1]) => ({
  sites: workspace.sites.map((site, i) => (i === index ? changeSiteEntry(site, change) : site)),
});

describe('parseSites', () => {
  it('takes the workspace sites.json', () =>
    expect(parseSites(workspace).map((s) => s.key)).toEqual(['pre8', 'os39', 'bkmc', 'ufkk', 'sm88']));

  it.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'promotions'])(
    'refuses the promoLink %j, naming the site key',
    (bad) => {
      expect(() => parseSites(withSite(1, { promoLink: bad }))).toThrow(
        'sites.json: sites[1].promoLink must be an absolute http(s) URL (site "os39")',
      );
    },
  );

  it("refuses an unsafe LINE link, a division's included", () => {
    expect(() => parseSites(withSite(0, { lineLink: 'javascript:alert(1)' }))).toThrow(
      'sites[0].LineLink must be an absolute http(s) URL (site "pre8")',
    );
    const [ufkk] = parseSites({ sites: [workspace.sites[3]] });
    const links = { ...(ufkk!.brand.lineLink as Record<string, string>), ufkklacsag2: '//evil.example/x' };
    expect(() => parseSites(withSite(3, { lineLink: links }))).toThrow(
      'sites[3].LineLink.ufkklacsag2 must be an absolute http(s) URL (site "ufkk")',
    );
  });

  it('keeps each site in the words the host reads it in', () => {
    const ufkk = parseSites(workspace).find((site) => site.key === 'ufkk')!;
    expect(ufkk.divided).toBe(true);
    expect(Object.keys(ufkk.brand.lineId as Record<string, string>)).toContain('ufkklacsag1');
  });
});
