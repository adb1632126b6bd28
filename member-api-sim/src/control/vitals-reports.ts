import type { SimVitalsFigure } from '../control-types';
import { json } from '../http/reply';
import type { Route } from '../http/route';
import type { Sim } from '../sim';
import { readReportBody } from './error-reports';

/** More figures than one page load of the host ever sends at once (five metrics, a few restores). */
const MAX_FIGURES = 50;

const stringOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/** The figures of a body, or null when it is not `{vitals: [{name, value, ...}, ...]}`. */
function figuresOf(body: Record<string, unknown>): SimVitalsFigure[] | null {
  const list = body.vitals;
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_FIGURES) return null;
  const figures: SimVitalsFigure[] = [];
  for (const item of list as unknown[]) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return null;
    const figure = item as Record<string, unknown>;
    if (typeof figure.name !== 'string' || typeof figure.value !== 'number' || !Number.isFinite(figure.value)) return null;
    figures.push({
      name: figure.name,
      value: figure.value,
      rating: stringOrNull(figure.rating),
      navigationType: stringOrNull(figure.navigationType),
      id: stringOrNull(figure.id),
      page: stringOrNull(figure.page),
      theme: stringOrNull(figure.theme),
      site: stringOrNull(figure.site),
      version: stringOrNull(figure.version),
    });
  }
  return figures;
}

/**
 * `POST /reports/vitals`: where the host's page sends its field figures (`vitalsReportUrl`), read like an error report
 * (a JSON object as `text/plain` or `application/json`, 16 KB at most) and answered with CORS for the host's origins.
 */
export const vitalsBeaconRoute = (sim: Sim): Route => ({
  method: 'POST',
  path: '/reports/vitals',
  name: '/reports/vitals',
  kind: 'page',
  readBody: readReportBody,
  handler: ({ body, rawBody, req, url }) => {
    const vitals = figuresOf(body);
    if (!vitals)
      return json(
        { status: false, message: `A vitals report needs "vitals": 1 to ${MAX_FIGURES} figures, each with a name and a number value` },
        400,
      );
    sim.vitalsReports.add({
      vitals,
      target: url.pathname + url.search,
      receivedAt: sim.now(),
      origin: stringOrNull(req.headers.origin),
      referer: stringOrNull(req.headers.referer),
      withCookie: req.headers.cookie !== undefined,
      contentType: stringOrNull(req.headers['content-type']),
      body: rawBody,
    });
    return json({ status: true }, 202);
  },
});

/** `GET /__sim/vitals`: the field-figure posts received, oldest first. `DELETE /__sim/vitals` forgets them. */
export const vitalsReportRoutes = (sim: Sim): Route[] => [
  {
    method: 'GET',
    path: '/__sim/vitals',
    name: '/__sim/vitals',
    kind: 'control',
    handler: () => json({ reports: sim.vitalsReports.list() }),
  },
  {
    method: 'DELETE',
    path: '/__sim/vitals',
    name: '/__sim/vitals',
    kind: 'control',
    handler: () => {
      sim.vitalsReports.clear();
      return json({ ok: true });
    },
  },
];
