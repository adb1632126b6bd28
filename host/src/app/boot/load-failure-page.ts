import { loadFailureTestIds, loadFailureTextFor } from '@member/shared-core/load-failure';
import { local } from '../../core/lib/safe-storage';
import { LOCALE_KEY, storedLocaleChoice } from '../../core/lib/locale-key';
import { drawnStartState } from '../../core/config/drawn-start';

// The app's stylesheet may be what failed to load, so this page carries the few rules it needs.
const STYLE = `
.host-load-failure{min-height:100dvh;display:grid;place-content:center;justify-items:center;gap:1rem;padding:1.5rem;
text-align:center;font-family:'Noto Sans Thai','Sarabun',system-ui,sans-serif;line-height:1.5}
.host-load-failure h1{margin:0;font-size:1.25rem;overflow-wrap:anywhere}
.host-load-failure p{margin:0}
.host-load-failure button{min-height:44px;padding:.625rem 1.25rem;border:0;border-radius:.5rem;background:#4a5fd0;color:#fff;
font:inherit;font-weight:600;cursor:pointer}
@media (prefers-color-scheme:dark){.host-load-failure{background:#111318;color:#eceef3}}`;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text: string,
  attributes: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.textContent = text;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

/**
 * The built-in page when the app's own code could not start (React, i18next and the strings may be what is
 * missing): plain DOM, in the member's language from the fixed text, with a reload button.
 */
export function showLoadFailurePage(): void {
  const text = loadFailureTextFor(storedLocaleChoice(local.get(LOCALE_KEY), document.cookie));
  document.documentElement.lang = text.lang;
  const style = document.createElement('style');
  style.textContent = STYLE;
  document.head.append(style);
  const main = element('main', '', { class: 'host-load-failure', 'data-testid': loadFailureTestIds.page });
  const reload = element('button', text.reload, { type: 'button', 'data-testid': loadFailureTestIds.reload });
  reload.addEventListener('click', () => window.location.reload());
  main.append(element('h1', text.title, { role: 'alert' }), element('p', text.help), reload);
  (document.getElementById('root') ?? document.body).replaceChildren(main);
  // A page drawn in the HTML gives way to this one: nothing is held for an app that did not start (drawn-start.ts).
  const drawn = drawnStartState();
  if (drawn) drawn.taken = true;
  document.documentElement.removeAttribute('data-drawn-page');
}
