import type { AppStart } from './app-start';
import { groundOf, isDarkSite, layGroundOf } from './ground';
import type { EarlyPage } from './page';
import type { EarlySite } from './raw-site';

/**
 * The brand, painted the moment sites.json names it: the site's logo and name over the site's ground, until
 * the app shows anything other than its loading spinner. Outside the app's root, so React never owns it, and
 * styled through the CSSOM, which the page's style policy allows. Decorative (aria-hidden): the app's own
 * loading status, underneath, is what assistive technology reads. The app starts once it has painted (app-start.ts).
 */
export function paintBrandShell(page: EarlyPage, app: AppStart, site: EarlySite, drawn: boolean): void {
  const { win, doc } = page;
  const { logo } = site;
  const startApp = app.start;
  const root = doc.getElementById('root');
  if (!root || root.firstElementChild) {
    if (!drawn) startApp();
    return;
  }
  const dark = isDarkSite(page, site);
  layGroundOf(page, site);
  const shell = doc.createElement('div');
  shell.setAttribute('aria-hidden', 'true');
  shell.setAttribute('data-boot-shell', site.key);
  const css = shell.style;
  css.position = 'fixed';
  css.inset = '0';
  css.zIndex = '2147483000';
  css.display = 'flex';
  css.flexDirection = 'column';
  css.alignItems = 'center';
  css.justifyContent = 'center';
  css.gap = '20px';
  css.background = groundOf(dark);
  css.color = dark ? '#eef0f5' : '#161a24';
  css.font = "600 22px/1.3 'Noto Sans Thai', system-ui, sans-serif";
  css.textAlign = 'center';
  // Two frames after the shell went in: as close as a page can tell that it was painted.
  const afterFrames = () => win.requestAnimationFrame(() => win.requestAnimationFrame(() => win.setTimeout(startApp, 0)));
  if (logo) {
    const image = doc.createElement('img');
    image.alt = '';
    image.width = 120;
    image.height = 120;
    image.style.borderRadius = '24px';
    // Where the browser reports an element's paint (Element Timing), the logo's own report starts the app;
    // elsewhere, frames after its load do. A logo that fails starts it at once.
    const Observer = (win as Window & typeof globalThis).PerformanceObserver;
    const reported = Observer && (Observer.supportedEntryTypes || []).indexOf('element') >= 0;
    if (reported) {
      image.setAttribute('elementtiming', 'brand-shell-logo');
      const observer = new Observer((list) => {
        if (!list.getEntries().some((entry) => (entry as PerformanceEntry & { element?: Element | null }).element === image)) return;
        observer.disconnect();
        startApp();
      });
      observer.observe({ type: 'element', buffered: true });
    } else {
      image.addEventListener('load', afterFrames);
    }
    image.addEventListener('error', startApp);
    image.src = logo;
    shell.appendChild(image);
  }
  const name = doc.createElement('p');
  name.textContent = site.name;
  name.style.margin = '0';
  shell.appendChild(name);
  // A turning ring under the name, like the app's own spinner, so a slow network does not look like a hang.
  const ring = doc.createElement('span');
  ring.style.width = ring.style.height = '28px';
  ring.style.border = '3px solid currentColor';
  ring.style.borderRightColor = 'transparent';
  ring.style.borderRadius = '50%';
  ring.style.opacity = '0.7';
  shell.appendChild(ring);
  const reduced = win.matchMedia ? win.matchMedia('(prefers-reduced-motion: reduce)').matches : false;
  if (ring.animate)
    ring.animate([{ transform: 'rotate(0deg)' }, { transform: 'rotate(360deg)' }], {
      duration: reduced ? 2400 : 800,
      iterations: Infinity,
    });
  doc.body.appendChild(shell);
  if (!logo) afterFrames();
  // Gone as soon as the root holds anything but the app's loading spinner (a page, a frame, a notice).
  const loadingOnly = () => {
    const children = root.children;
    return children.length === 0 || (children.length === 1 && children[0]!.getAttribute('data-testid') === 'boot-loading');
  };
  const observer = new MutationObserver(() => {
    if (loadingOnly()) return;
    observer.disconnect();
    shell.remove();
    doc.documentElement.style.removeProperty('background-color');
    doc.documentElement.style.removeProperty('color-scheme');
  });
  observer.observe(root, { childList: true, subtree: true });
}
