import type { createStore } from 'jotai';
import { noteFrameRefusedAtom } from './frame-refusals-state';

type Store = ReturnType<typeof createStore>;

function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The page's Content-Security-Policy lets frames come only from the origins the deploy listed
 * (frame-src). A frame from any other origin stays empty; the browser tells the page so with a
 * `securitypolicyviolation` event, which this listener turns into a refused origin, so the promotion
 * page can show its card instead of an empty box. Installed once at boot, before any frame exists,
 * for the page's life. Returns the uninstaller (for tests).
 */
export function installFrameRefusalListener(
  store: Store,
  target: Pick<Document, 'addEventListener' | 'removeEventListener'> = document,
): () => void {
  const onViolation = (event: Event) => {
    const { effectiveDirective, blockedURI } = event as SecurityPolicyViolationEvent;
    if (effectiveDirective !== 'frame-src' && effectiveDirective !== 'child-src') return;
    const origin = originOf(blockedURI);
    if (origin) store.set(noteFrameRefusedAtom, origin);
  };
  target.addEventListener('securitypolicyviolation', onViolation);
  return () => target.removeEventListener('securitypolicyviolation', onViolation);
}

/**
 * Whether this page can show `url` in a frame, as far as it can know: not when its own policy refused
 * the origin, nor when an https page would frame an http one (the browser blocks mixed content). A
 * page that forbids being framed (its own frame-ancestors or X-Frame-Options) cannot be told apart
 * from here; the promotion page keeps its "open in a new tab" button under the frame for that.
 */
export function canFrame(url: string, refusedOrigins: ReadonlySet<string>, pageProtocol: string): boolean {
  const origin = originOf(url);
  if (!origin || refusedOrigins.has(origin)) return false;
  return !(pageProtocol === 'https:' && origin.startsWith('http:'));
}
