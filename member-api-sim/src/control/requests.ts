import { json } from '../http/reply';
import type { Route } from '../http/route';
import type { Sim } from '../sim';

/** A call's name (`phoneLogin`) → the route named by its path under `/api/`; a path is kept as it is. */
export const requestRouteName = (route: string) => (route.startsWith('/') ? route : `/api/${route}`);

/**
 * `GET /__sim/requests?route=X`: the last 200 requests of a route (X = a call's name such as `phoneLogin`, its path, or a page path
 * like `/line/authorize`), or the newest 200 of all routes without `route`. `DELETE /__sim/requests` forgets them.
 */
export const requestRoutes = (sim: Sim): Route[] => [
  {
    method: 'GET',
    path: '/__sim/requests',
    name: '/__sim/requests',
    kind: 'control',
    handler: ({ query }) => {
      const route = query.get('route');
      return json({ requests: sim.requests.list(route ? requestRouteName(route) : undefined) });
    },
  },
  {
    method: 'DELETE',
    path: '/__sim/requests',
    name: '/__sim/requests',
    kind: 'control',
    handler: () => {
      sim.requests.clear();
      return json({ ok: true });
    },
  },
];
