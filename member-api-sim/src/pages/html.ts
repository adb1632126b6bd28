import { createHash } from 'node:crypto';
import { html, type Reply } from '../http/reply';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);

export interface PageOptions {
  title: string;
  lang?: string;
  style?: string;
  /** Origins a form on the page may end up at (a form post answered by a redirect to them). */
  formTargets?: readonly string[];
  status?: number;
  /** Inline scripts appended to the body, each allowed by its hash in the CSP (no other script runs). */
  scripts?: readonly string[];
  /** Origins that may frame the page (the host's, for the promotion page); none by default. */
  frameAncestors?: readonly string[];
}

const scriptHash = (source: string) => `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;

const BASE_STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Tahoma,"Noto Sans Thai",sans-serif;background:#f1f3f5;color:#1e2328;line-height:1.5}
main{max-width:420px;margin:0 auto;padding:24px 16px}
.card{background:#fff;border-radius:16px;padding:24px 20px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:1.25rem;margin:0 0 8px}
.en{display:block;color:#59636e;font-size:.9em}
.note{color:#59636e;font-size:.8rem;text-align:center;margin-top:16px}
`;

/** A small static page: no script unless `scripts` names some, inline styles only, framable only by `frameAncestors`. */
export function page(body: string, options: PageOptions): Reply {
  const ancestors = options.frameAncestors ?? [];
  const csp = [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    ...(options.scripts?.length ? [`script-src ${options.scripts.map(scriptHash).join(' ')}`] : []),
    "img-src 'self' data:",
    `form-action 'self'${(options.formTargets ?? []).map((origin) => ` ${origin}`).join('')}`,
    `frame-ancestors ${ancestors.length ? ancestors.join(' ') : "'none'"}`,
    "base-uri 'none'",
  ].join('; ');
  const document = `<!doctype html>
<html lang="${escapeHtml(options.lang ?? 'th')}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
<style>${BASE_STYLE}${options.style ?? ''}</style>
</head>
<body>
${body}
${(options.scripts ?? []).map((source) => `<script>${source}</script>\n`).join('')}</body>
</html>
`;
  return html(document, options.status ?? 200, {
    'Content-Security-Policy': csp,
    'Referrer-Policy': 'no-referrer',
    // X-Frame-Options cannot name other origins; frame-ancestors above decides when some may frame.
    ...(ancestors.length ? {} : { 'X-Frame-Options': 'DENY' }),
    'Cache-Control': 'no-store',
  });
}
