/**
 * A report to the operator's collector (errors, field figures): a text/plain POST that outlives the page (keepalive),
 * without credentials or a referrer. Not sendBeacon: it always sends the report origin's cookies (a session cookie
 * where the collector shares the site's host, and on localhost every port's); text/plain needs no CORS preflight; and
 * no Referer carries the page's full address (a LINE callback's code, say).
 */
export function postReport(url: string, body: string): void {
  if (typeof fetch !== 'function') return;
  fetch(url, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
  }).catch(() => undefined);
}
