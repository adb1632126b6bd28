import type { Route } from '../http/router';
import type { Sim } from '../sim';
import { changePasswordRoute } from './change-password';
import { checkLineConnectRoute } from './check-line-connect';
import { checkPrefixRoute } from './check-prefix';
import { checkWithdrawRoute } from './check-withdraw';
import { gameFavouriteSetRoute } from './game-favourite-set';
import { gameFavouritesRoute } from './game-favourites';
import { gameRecentRoute } from './game-recent';
import { gclubChangePwdRoute } from './gclub-change-pwd';
import { gclubCheckLoggedRoute } from './gclub-check-logged';
import { gclubCreditRoute } from './gclub-credit';
import { gclubDataRoutes } from './gclub-data';
import { gclubGameRoute } from './gclub-game';
import { gclubLoginRoute } from './gclub-login';
import { gclubMaintainRoute } from './gclub-maintain';
import { gclubOpenGameRoute } from './gclub-open-game';
import { gclubOpenProductRoutes } from './gclub-open-product';
import { gclubWithdrawRoute } from './gclub-withdraw';
import { getProfileRoute } from './get-profile';
import { historyRoute } from './history';
import { lineConnectRoute } from './line-connect';
import { lineLoginRoute } from './line-login';
import { lineProfileRoute } from './line-profile';
import { logoutRoute } from './logout';
import { phoneConnectRoute } from './phone-connect';
import { phoneLoginRoute } from './phone-login';
import { registerStep1Route } from './register-step1';
import { registerStep2Route } from './register-step2';
import { registerStep3Route } from './register-step3';
import { switchMainRoute } from './switch-main';
import { ufaChangePwdRoute } from './ufa-change-pwd';
import { ufaCheckRoute } from './ufa-check';
import { ufaCheckLoggedRoute } from './ufa-check-logged';
import { ufaCreditRoute } from './ufa-credit';
import { ufaLoginRoute } from './ufa-login';
import { ufaMaintainRoute } from './ufa-maintain';
import { ufaShootRoute } from './ufa-shoot';
import { ufaWithdrawRoute } from './ufa-withdraw';
import { updateGamePasswordRoute } from './update-game-password';
import { verifyRoute } from './verify';

/** The operator API calls: sealed replies, faults and request records apply. */
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
  ...gclubDataRoutes(sim),
  gclubLoginRoute(sim),
  gclubCheckLoggedRoute(sim),
  gclubCreditRoute(sim),
  gclubChangePwdRoute(sim),
  gclubMaintainRoute(sim),
  gclubGameRoute(sim),
  gclubOpenGameRoute(sim),
  ...gclubOpenProductRoutes(sim),
  gameFavouritesRoute(sim),
  gameFavouriteSetRoute(sim),
  gameRecentRoute(sim),
  ufaLoginRoute(sim),
  ufaCheckLoggedRoute(sim),
  ufaCreditRoute(sim),
  ufaChangePwdRoute(sim),
  ufaMaintainRoute(sim),
  ufaCheckRoute(sim),
  ufaShootRoute(sim),
  updateGamePasswordRoute(sim),
  switchMainRoute(sim),
  gclubWithdrawRoute(sim),
  ufaWithdrawRoute(sim),
  checkWithdrawRoute(sim),
  historyRoute(sim),
];
