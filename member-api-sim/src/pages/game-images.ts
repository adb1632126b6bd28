import { createHash } from 'node:crypto';
import { type GameMenuEntry } from '@member/shared-core';
import { gameMenuEntryByKey } from '@member/shared-core/games/menu';
import type { Reply } from '../http/reply';
import type { Route } from '../http/route';
import { catalogGameByImage, type CatalogGame } from '../state/game-catalog';
import { escapeHtml } from './html';

/** Characters per line of a tile's name before it wraps; at most NAME_LINES lines. */
const LINE_CHARS = 13;
const NAME_LINES = 3;

/** Splits a name into at most three lines of about 13 characters, breaking at spaces (a long word is cut). */
export function wrapName(name: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of name.split(/\s+/).filter(Boolean)) {
    const next = line === '' ? word : `${line} ${word}`;
    if ([...next].length <= LINE_CHARS || line === '') line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line !== '') lines.push(line);
  const kept = lines.slice(0, NAME_LINES).map((l) => ([...l].length > LINE_CHARS + 3 ? `${[...l].slice(0, LINE_CHARS + 2).join('')}…` : l));
  if (lines.length > NAME_LINES) kept[NAME_LINES - 1] = `${kept[NAME_LINES - 1]}…`;
  return kept;
}

/**
 * A game's tile: a diagonal gradient whose two hues come from a hash of the game's name and brand, a soft circle, the
 * name in up to three lines, and the brand's badge. 240×240, well under 2 KiB.
 */
export function gameTileSvg(game: CatalogGame, entry: GameMenuEntry): string {
  const digest = createHash('sha256').update(`${entry.storageKey}/${game.name}`).digest();
  const hue = Math.round(digest[0]! * (360 / 256));
  const hue2 = (hue + 40 + Math.round(digest[1]! * (80 / 256))) % 360;
  const lines = wrapName(game.name);
  const size = lines.length > 2 ? 22 : 26;
  const first = 138 - ((lines.length - 1) * size * 1.2) / 2;
  const text = lines.map((line, i) => `<tspan x="120" y="${Math.round(first + i * size * 1.2)}">${escapeHtml(line)}</tspan>`).join('');
  const badge = escapeHtml(entry.title);
  const badgeWidth = Math.min(200, 22 + [...entry.title].length * 8.5);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240" role="img" aria-label="${escapeHtml(`${game.name} · ${entry.title}`)}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 48%)"/><stop offset="1" stop-color="hsl(${hue2} 75% 26%)"/></linearGradient></defs>`,
    '<rect width="240" height="240" rx="20" fill="url(#g)"/>',
    `<circle cx="${180 + (digest[2]! % 40)}" cy="${50 + (digest[3]! % 40)}" r="${60 + (digest[4]! % 30)}" fill="#fff" fill-opacity="0.12"/>`,
    `<rect x="12" y="12" width="${badgeWidth}" height="26" rx="13" fill="#000" fill-opacity="0.35"/>`,
    `<text x="${12 + badgeWidth / 2}" y="25" dy="0.35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="13" fill="#fff">${badge}</text>`,
    `<text text-anchor="middle" dominant-baseline="middle" font-family="Arial, Helvetica, Tahoma, 'Noto Sans Thai', sans-serif" font-weight="700" font-size="${size}" fill="#fff" stroke="#000" stroke-opacity="0.3" stroke-width="3" paint-order="stroke">${text}</text>`,
    '</svg>',
  ].join('');
}

const notFound = (): Reply => ({ kind: 'json', status: 404, body: { status: false, message: 'Not found' } });

/**
 * `GET /game-images/{storageKey}/{imageFile}.svg`: the tile of a game that has an image (the `imageName` URLs of
 * gclubGame). Cached for a day and readable from any origin (`Access-Control-Allow-Origin: *`); 404 for an unknown
 * brand or file, or a game listed without an image.
 */
export const gameImageRoutes = (): Route[] => [
  {
    method: 'GET',
    path: '/game-images/:brand{[a-z]{1,8}_[A-Z0-9]{1,12}}/:image{[a-z0-9-]{1,40}\\.svg}',
    name: '/game-images/:brand/:file.svg',
    kind: 'page',
    handler: ({ params }) => {
      const entry = gameMenuEntryByKey(params.brand);
      const game = entry ? catalogGameByImage(entry, (params.image ?? '').replace(/\.svg$/, '')) : undefined;
      if (!entry || !game) return notFound();
      return {
        kind: 'raw',
        status: 200,
        headers: {
          'Content-Type': 'image/svg+xml; charset=utf-8',
          'Cache-Control': 'public, max-age=86400',
          'Access-Control-Allow-Origin': '*',
          'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
        },
        body: gameTileSvg(game, entry),
      };
    },
  },
];
