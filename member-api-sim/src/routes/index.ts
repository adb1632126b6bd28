import type { Route } from '../http/router';
import type { Sim } from '../sim';
import { changePasswordRoute } from './change-password';
import { checkLineConnectRoute } from './check-line-connect';
import { checkPrefixRoute } from './check-prefix';
import { getProfileRoute } from './get-profile';
import { lineConnectRoute } from './line-connect';
import { lineLoginRoute } from './line-login';
import { lineProfileRoute } from './line-profile';
import { logoutRoute } from './logout';
import { phoneConnectRoute } from './phone-connect';
import { phoneLoginRoute } from './phone-login';
import { registerStep1Route } from './register-step1';
import { registerStep2Route } from './register-step2';
import { registerStep3Route } from './register-step3';
import { verifyRoute } from './verify';

/** The operator API calls (SPEC §7, plus registration): sealed replies, faults and request records apply. */
export const apiRoutes = (sim: Sim): Route[] => [
  checkPrefixRoute(sim),
  phoneLoginRoute(sim),
  getProfileRoute(sim),
  verifyRoute(sim),
  logoutRoute(sim),
  lineLoginRoute(sim),
  lineProfileRoute(sim),
  lineConnectRoute(sim),
  checkLineConnectRoute(sim),
  phoneConnectRoute(sim),
  changePasswordRoute(sim),
  registerStep1Route(sim),
  registerStep2Route(sim),
  registerStep3Route(sim),
];
