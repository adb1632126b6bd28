import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITES_FILE } from '../config';
import { parseSites } from './sites';

const workspace = JSON.parse(readFileSync(DEFAULT_SITES_FILE, 'utf8')) as { sites: Record<string, unknown>[] };
const withSite = (index: number, change: Record<string, unknown>) => ({
  sites: workspace.sites.map((site, i) => (i === index ? { ...site, ...change } : site)),
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
    expect(() => parseSites(withSite(0, { LineLink: 'javascript:alert(1)' }))).toThrow(
      'sites[0].LineLink must be an absolute http(s) URL (site "pre8")',
    );
    const ufkk = workspace.sites[3]!;
    const links = { ...(ufkk.LineLink as Record<string, string>), ufkklacsag2: '//evil.example/x' };
    expect(() => parseSites(withSite(3, { LineLink: links }))).toThrow(
      'sites[3].LineLink.ufkklacsag2 must be an absolute http(s) URL (site "ufkk")',
    );
  });
});
