import { json } from '../http/reply';
import type { Route } from '../http/route';
import type { Sim } from '../sim';

const MAX_URL = 4096;

/**
 * `GET /__sim/launches`: `{launches: SimLaunchRecord[]}`, what the launch pages received, newest last (last 200).
 * `DELETE /__sim/launches`: forgets them.
 * `POST /__sim/launch-url` {url}: the next successful open call (gclubOpenGame or a product call) answers exactly this
 * `urlInfo` instead of a launch link, once, so a test can hand the host `javascript:…`, `data:…`, `//evil.example/x`.
 */
export const launchRoutes = (sim: Sim): Route[] => [
  {
    method: 'GET',
    path: '/__sim/launches',
    name: '/__sim/launches',
    kind: 'control',
    handler: () => json({ launches: sim.launches.list() }),
  },
  {
    method: 'DELETE',
    path: '/__sim/launches',
    name: '/__sim/launches',
    kind: 'control',
    handler: () => {
      sim.launches.clearRecords();
      return json({ ok: true });
    },
  },
  {
    method: 'POST',
    path: '/__sim/launch-url',
    name: '/__sim/launch-url',
    kind: 'control',
    handler: ({ body }) => {
      if (typeof body.url !== 'string' || body.url === '' || body.url.length > MAX_URL) {
        return json({ ok: false, error: `body must be {url: a non-empty string of at most ${MAX_URL} characters}` }, 400);
      }
      sim.launches.setOverride(body.url);
      return json({ ok: true, url: sim.launches.pendingOverride });
    },
  },
];
