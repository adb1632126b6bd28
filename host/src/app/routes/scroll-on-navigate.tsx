import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

const HASH_WAIT_MS = 3000;

/**
 * A new page starts at the top, or at its hash target. Pages arrive from remotes a moment
 * after the route changes, so the hash target is awaited briefly before giving up.
 */
export function ScrollOnNavigate() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    const id = hash ? decodeURIComponent(hash.slice(1)) : '';
    const scrollToTarget = () => {
      const target = id ? document.getElementById(id) : null;
      if (target) target.scrollIntoView();
      return target !== null;
    };
    if (!id || !scrollToTarget()) window.scrollTo(0, 0);
    if (!id) return;
    const observer = new MutationObserver(() => {
      if (scrollToTarget()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const stop = setTimeout(() => observer.disconnect(), HASH_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(stop);
    };
  }, [pathname, hash]);
  return null;
}
