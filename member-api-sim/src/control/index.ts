import type { Route } from '../http/route';
import type { Sim } from '../sim';
import { balanceRoute } from './balance';
import { depositRoute } from './deposit';
import { errorReportRoutes, reportBeaconRoute } from './error-reports';
import { eventsRoute } from './events';
import { faultRoutes } from './faults';
import { healthRoute } from './health';
import { launchRoutes } from './launches';
import { ledgerRoute } from './ledger';
import { memberRoute } from './members';
import { operatorRoutes } from './operator';
import { providerRoutes } from './providers';
import { registrationRoute } from './registrations';
import { requestRoutes } from './requests';
import { resetRoute } from './reset';
import { sessionRoutes } from './sessions';
import { socketRoutes } from './sockets';
import { switchMainRefuseRoute } from './switch-main';
import { vitalsBeaconRoute, vitalsReportRoutes } from './vitals-reports';
import { withdrawRejectRoute } from './withdraw-reject';
import { withdrawKeepPendingRoute, withdrawSettleRoute } from './withdraw-settle';

/** The test-control API (docs/architecture.md). Not part of the operator API: plain JSON, never recorded. */
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
  depositRoute(sim),
  ledgerRoute(sim),
  eventsRoute(sim),
  withdrawRejectRoute(sim),
  withdrawSettleRoute(sim),
  withdrawKeepPendingRoute(sim),
  ...operatorRoutes(sim),
  ...socketRoutes(sim),
  ...launchRoutes(sim),
  ...errorReportRoutes(sim),
  reportBeaconRoute(sim),
  ...vitalsReportRoutes(sim),
  vitalsBeaconRoute(sim),
];
