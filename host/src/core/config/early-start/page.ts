import type { EarlyFetches, EarlyHints } from './hints';

/** What every part of the early start works on: the window, its hints, and what it leaves the boot. */
export interface EarlyPage {
  win: Window;
  doc: Document;
  hints: EarlyHints;
  early: EarlyFetches;
  /** Adds a `<link>` to the head: a preload or a preconnect. */
  link: (rel: string, href: string, as?: string, cors?: boolean, priority?: string, integrity?: string) => void;
}

export function earlyPage(win: Window, hints: EarlyHints, early: EarlyFetches): EarlyPage {
  const doc = win.document;
  const link: EarlyPage['link'] = (rel, href, as, cors, priority, integrity) => {
    const el = doc.createElement('link');
    el.rel = rel;
    el.href = href;
    if (as) el.setAttribute('as', as);
    if (cors) el.crossOrigin = 'anonymous';
    if (priority) el.setAttribute('fetchpriority', priority);
    if (integrity) el.setAttribute('integrity', integrity);
    doc.head.appendChild(el);
  };
  return { win, doc, hints, early, link };
}
