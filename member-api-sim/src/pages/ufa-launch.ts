import type { Route } from '../http/route';
import type { Sim } from '../sim';
import { isUfaGameKey, UFA_GAMES } from '../views/ufa-games';
import { escapeHtml, page } from './html';

const STYLE = `
.brand b{background:#0b4ea2;color:#fff;border-radius:10px;padding:6px 10px;font-size:1.1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:16px 0 0}
dt{color:#59636e}
dd{margin:0;font-weight:600}
`;

/**
 * `GET /launch/ufa/{key}?accid=…`: where the `games` map of ufaLogin points. A static page naming the product, the
 * account and whether its UFA session lives; the request is recorded (`GET /__sim/requests?route=/launch/ufa/:key`).
 */
export const ufaLaunchRoutes = (sim: Sim): Route[] => [
  {
    method: 'GET',
    path: '/launch/ufa/:key{[a-z]{1,20}}',
    name: '/launch/ufa/:key',
    kind: 'page',
    handler: ({ params, query }) => {
      const key = params.key;
      if (!isUfaGameKey(key)) {
        return page('<main><div class="card" role="alert"><h1>ไม่พบเกม <span class="en" lang="en">No such game</span></h1></div></main>', {
          title: 'UFA',
          status: 404,
        });
      }
      const game = UFA_GAMES[key];
      const account = sim.providers.byAccid(query.get('accid'));
      const live = account ? sim.providers.ufaSession(account.gameuser) !== null : false;
      const state = live
        ? 'เข้าสู่ระบบอยู่ <span class="en" lang="en">logged in</span>'
        : 'ไม่ได้เข้าสู่ระบบ <span class="en" lang="en">logged out</span>';
      return page(
        `<main><div class="card"><p class="brand"><b>UFA</b></p><h1 data-game="${escapeHtml(key)}">${escapeHtml(game.title)}</h1>
<dl><dt>accid</dt><dd>${escapeHtml(account?.accid ?? '-')}</dd><dt>สถานะ · state</dt><dd data-session="${live ? 'live' : 'none'}">${state}</dd></dl></div></main>`,
        { title: `UFA ${game.title}`, style: STYLE },
      );
    },
  },
];
