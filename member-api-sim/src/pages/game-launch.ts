import type { SimLaunchRecord, SimLaunchTicketProblem } from '../control-types';
import { gameMenuEntryByKey } from '@member/shared-core/games/menu';
import type { Route, RouteContext } from '../http/route';
import { productByName } from '../routes/gclub-open-product';
import type { Sim } from '../sim';
import { catalogGame } from '../state/game-catalog';
import type { Redeemed } from '../state/launches';
import { escapeHtml, page } from './html';

const STYLE = `
.brand b{background:#7a1fa2;color:#fff;border-radius:10px;padding:6px 10px;font-size:1.1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:16px 0}
dt{color:#59636e}
dd{margin:0;font-weight:600;overflow-wrap:anywhere}
a.close{display:block;text-align:center;min-height:48px;line-height:48px;border-radius:10px;background:#1e2328;color:#fff;text-decoration:none;font-weight:600}
a.close:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}
`;

/** Close: shut the window when the host opened it, else go back to the lobby the link names. */
const CLOSE_SCRIPT =
  "document.getElementById('close').addEventListener('click',function(e){e.preventDefault();var to=this.href;window.close();setTimeout(function(){location.href=to},150)});";

const PROBLEMS: Record<SimLaunchTicketProblem, string> = {
  missing: 'no ticket',
  unknown: 'unknown ticket',
  used: 'ticket already used',
  expired: 'ticket expired',
  mismatch: 'ticket issued for another launch',
};

const firstHeader = (value: string | string[] | undefined): string | null => (Array.isArray(value) ? (value[0] ?? null) : (value ?? null));

/** The host origin to go back to: the Referer's origin when it is an allowed origin, else the first allowed origin. */
function hostOrigin(sim: Sim, referer: string | null): string {
  const origin = referer && URL.canParse(referer) ? new URL(referer).origin : null;
  return origin && sim.allowedOrigins.includes(origin) ? origin : (sim.allowedOrigins[0] ?? 'http://localhost:3000');
}

interface Shown {
  heading: string;
  badge: string;
  rows: Array<[string, string]>;
  lobby: string;
}

/** Records what the page received, then renders it: 200 for a valid ticket, 403 otherwise (the ticket is burnt either way). */
function launchPage(sim: Sim, ctx: RouteContext, kind: SimLaunchRecord['kind'], redeemed: Redeemed, shown: Shown) {
  const referer = firstHeader(ctx.req.headers.referer);
  const grant = redeemed.ok ? redeemed.grant : null;
  sim.launches.record({
    time: new Date(sim.now()).toISOString(),
    kind,
    path: ctx.url.pathname,
    query: ctx.url.search.replace(/^\?/, ''),
    params: Object.fromEntries(ctx.query),
    referer,
    ticketValid: redeemed.ok,
    ticketProblem: redeemed.ok ? null : redeemed.problem,
    brand: grant?.brand ?? null,
    code: grant?.code ?? null,
    product: grant?.product ?? null,
    gameuser: grant?.gameuser ?? null,
  });
  const lobby = `${hostOrigin(sim, referer)}${shown.lobby}`;
  const rows = shown.rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('');
  const close = `<a class="close" id="close" href="${escapeHtml(lobby)}">ปิด · Close</a>`;
  const body = redeemed.ok
    ? `<main><div class="card" data-launch="${kind}" data-ticket="valid"><p class="brand"><b>${escapeHtml(shown.badge)}</b></p>
<h1>Game launched: ${escapeHtml(shown.heading)}</h1><dl>${rows}</dl>${close}</div></main>`
    : `<main><div class="card" role="alert" data-launch="${kind}" data-ticket="${redeemed.problem}"><h1>เปิดเกมไม่ได้ <span class="en" lang="en">Launch refused: ${escapeHtml(PROBLEMS[redeemed.problem])}</span></h1>
${close}</div></main>`;
  return page(body, {
    title: redeemed.ok ? `Game launched: ${shown.heading}` : 'Launch refused',
    style: STYLE,
    status: redeemed.ok ? 200 : 403,
    scripts: [CLOSE_SCRIPT],
  });
}

/**
 * The launch pages the open calls link to. Each records what it received (`GET /__sim/launches`: query string,
 * Referer, whether the one-time ticket was valid) and shows a small page with a Close link.
 * - `GET /launch/game?brand&code&ticket`: "Game launched: {code}", the brand and game name.
 * - `GET /launch/product/{name}?ticket`: the same for a GCLUB product (`LiveCasino`…).
 */
export const gameLaunchRoutes = (sim: Sim): Route[] => [
  {
    method: 'GET',
    path: '/launch/game',
    name: '/launch/game',
    kind: 'page',
    handler: (ctx) => {
      const brand = ctx.query.get('brand');
      const code = ctx.query.get('code');
      const redeemed = sim.launches.redeem(ctx.query.get('ticket'), { kind: 'game', brand, code });
      const entry = gameMenuEntryByKey(brand);
      const game = entry && code ? catalogGame(entry, code) : undefined;
      return launchPage(sim, ctx, 'game', redeemed, {
        heading: code ?? '',
        badge: entry?.title ?? 'GCLUB',
        rows: [
          ['ค่าย · Brand', entry ? `${entry.title} (${entry.storageKey})` : (brand ?? '')],
          ['เกม · Game', game?.name ?? ''],
          ['บัญชี · Game user', redeemed.ok ? redeemed.grant.gameuser : ''],
        ],
        lobby: entry ? `/${entry.category}` : '/',
      });
    },
  },
  {
    method: 'GET',
    path: '/launch/product/:name{[A-Za-z]{1,30}}',
    name: '/launch/product/:name',
    kind: 'page',
    handler: (ctx) => {
      const name = ctx.params.name ?? '';
      const product = productByName(name);
      if (!product) {
        return page('<main><div class="card" role="alert"><h1>ไม่พบเกม <span class="en" lang="en">No such game</span></h1></div></main>', {
          title: 'GCLUB',
          status: 404,
        });
      }
      const redeemed = sim.launches.redeem(ctx.query.get('ticket'), { kind: 'product', product: name });
      return launchPage(sim, ctx, 'product', redeemed, {
        heading: name,
        badge: `GCLUB · ${product.title}`,
        rows: [
          ['ผลิตภัณฑ์ · Product', product.title],
          ['บัญชี · Game user', redeemed.ok ? redeemed.grant.gameuser : ''],
        ],
        lobby: '/',
      });
    },
  },
];
