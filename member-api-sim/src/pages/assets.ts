import { createHash } from 'node:crypto';
import type { Reply } from '../http/reply';
import type { Route } from '../http/route';
import type { Sim } from '../sim';
import { bankLogoSvg, bankOf } from '../state/banks';
import { escapeHtml, page } from './html';

const svg = (body: string): Reply => ({
  kind: 'raw',
  status: 200,
  headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  body,
});

/** The name an image's file gives (`KBANK.svg` → `KBANK`). */
const withoutSvg = (file: string | undefined) => (file ?? '').replace(/\.svg$/, '');

const notFound = (): Reply => ({ kind: 'json', status: 404, body: { status: false, message: 'Not found' } });

/** A LINE profile picture: a coloured circle with two letters, the colour derived from the id. */
export function avatarSvg(lineUserId: string): string {
  const hue = createHash('sha256').update(lineUserId).digest()[0]! * (360 / 256);
  const letters = escapeHtml(
    lineUserId
      .replace(/^U-(demo|new)-/, '')
      .slice(0, 2)
      .toUpperCase(),
  );
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="LINE profile picture">',
    `<circle cx="48" cy="48" r="48" fill="hsl(${Math.round(hue)} 55% 45%)"/>`,
    `<text x="48" y="48" dy="0.35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="34" fill="#fff">${letters}</text>`,
    '</svg>',
  ].join('');
}

export const assetRoutes = (sim: Sim): Route[] => [
  {
    method: 'GET',
    path: '/bank-logos/:logo{[A-Z]{2,5}\\.svg}',
    name: '/bank-logos/:code.svg',
    kind: 'page',
    handler: ({ params }) => {
      const bank = bankOf(withoutSvg(params.logo));
      return bank ? svg(bankLogoSvg(bank)) : notFound();
    },
  },
  {
    method: 'GET',
    path: '/avatars/:avatar{U-[A-Za-z0-9-]{1,40}\\.svg}',
    name: '/avatars/:id.svg',
    kind: 'page',
    handler: ({ params }) => svg(avatarSvg(withoutSvg(params.avatar))),
  },
  {
    method: 'GET',
    path: '/promo/:prefix{[A-Za-z0-9]{4}}',
    name: '/promo/:prefix',
    kind: 'page',
    handler: ({ params }) => {
      const site = sim.sites.get(params.prefix);
      if (!site) return notFound();
      return page(
        `<main><div class="card"><h1>โปรโมชั่น ${escapeHtml(site.brand.name)}<span class="en" lang="en">${escapeHtml(site.brand.name)} promotions</span></h1>
<p>ฝากครั้งแรกรับโบนัส 10%<span class="en" lang="en">10% bonus on the first deposit</span></p></div></main>`,
        // The host shows this page in a frame: its origins (SIM_ALLOWED_ORIGINS) may frame it, no other.
        { title: `${site.brand.name} promotions`, frameAncestors: sim.allowedOrigins },
      );
    },
  },
];
