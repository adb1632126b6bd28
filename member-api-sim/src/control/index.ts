import type { Route } from '../http/router';
import type { Sim } from '../sim';
import { balanceRoute } from './balance';
import { faultRoutes } from './faults';
import { healthRoute } from './health';
import { memberRoute } from './members';
import { providerRoutes } from './providers';
import { registrationRoute } from './registrations';
import { requestRoutes } from './requests';
import { resetRoute } from './reset';
import { sessionRoutes } from './sessions';
import { switchMainRefuseRoute } from './switch-main';

/** The test-control API (ARCHITECTURE §6). Not part of the operator API: plain JSON, never recorded. */
export const controlRoutes = (sim: Sim, apiRouteNames: () => readonly string[]): Route[] => [
  healthRoute(),
  resetRoute(sim),
  ...faultRoutes(sim, apiRouteNames),
  ...requestRoutes(sim),
  ...sessionRoutes(sim),
  registrationRoute(sim),
  memberRoute(sim),
  ...providerRoutes(sim),
  balanceRoute(sim),
  switchMainRefuseRoute(sim),
];
