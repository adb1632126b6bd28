/** Keeps `?prefix=` on in-app links, so a reload or a shared link lands on the same brand. */
export function withPrefix(to: string, prefix: string | null): string {
  if (!prefix || !to.startsWith('/') || to.startsWith('//')) return to;
  const url = new URL(to, 'http://x');
  if (!url.searchParams.has('prefix')) url.searchParams.set('prefix', prefix);
  return `${url.pathname}${url.search}${url.hash}`;
}
