import { json } from '../http/reply';
import type { Route } from '../http/route';

/** `GET /health` on both ports: plain `{ok: true}`. */
export const healthRoute = (): Route => ({
  method: 'GET',
  path: '/health',
  name: '/health',
  kind: 'control',
  handler: () => json({ ok: true }),
});
