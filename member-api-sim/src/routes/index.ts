import { OPERATOR_CALLS, type CallName } from '@member/shared-core/api/calls';
import type { Handler, Route } from '../http/route';
import type { Sim } from '../sim';
import { callRoute } from './call-route';
import { changePasswordHandler } from './change-password';
import { checkLineConnectHandler } from './check-line-connect';
import { checkPrefixHandler } from './check-prefix';
import { checkWithdrawHandler } from './check-withdraw';
import { gameFavouriteSetHandler } from './game-favourite-set';
import { gameFavouritesHandler } from './game-favourites';
import { gameRecentHandler } from './game-recent';
import { gclubChangePwdHandler } from './gclub-change-pwd';
import { gclubCheckLoggedHandler } from './gclub-check-logged';
import { gclubCreditHandler } from './gclub-credit';
import { gclubDataGetRoute, gclubDataHandler } from './gclub-data';
import { gclubGameHandler } from './gclub-game';
import { gclubLoginHandler } from './gclub-login';
import { gclubMaintainHandler } from './gclub-maintain';
import { gclubOpenGameHandler } from './gclub-open-game';
import { gclubOpenProductHandlers } from './gclub-open-product';
import { gclubWithdrawHandler } from './gclub-withdraw';
import { getProfileHandler } from './get-profile';
import { historyHandler } from './history';
import { lineConnectHandler } from './line-connect';
import { lineLoginHandler } from './line-login';
import { lineProfileHandler } from './line-profile';
import { logoutHandler } from './logout';
import { phoneConnectHandler } from './phone-connect';
import { phoneLoginHandler } from './phone-login';
import { registerStep1Handler } from './register-step1';
import { registerStep2Handler } from './register-step2';
import { registerStep3Handler } from './register-step3';
import { switchMainHandler } from './switch-main';
import { ufaChangePwdHandler } from './ufa-change-pwd';
import { ufaCheckHandler } from './ufa-check';
import { ufaCheckLoggedHandler } from './ufa-check-logged';
import { ufaCreditHandler } from './ufa-credit';
import { ufaLoginHandler } from './ufa-login';
import { ufaMaintainHandler } from './ufa-maintain';
import { ufaShootHandler } from './ufa-shoot';
import { ufaWithdrawHandler } from './ufa-withdraw';
import { updateGamePasswordHandler } from './update-game-password';
import { verifyHandler } from './verify';

/**
 * The simulator's answer to each operator call of the catalogue (`@member/shared-core/api/calls`), by the call's name:
 * the behaviour only. A call of the catalogue without a handler here does not type-check.
 */
export const callHandlers = (sim: Sim): Record<CallName, Handler> => ({
  checkPrefix: checkPrefixHandler(sim),
  phoneLogin: phoneLoginHandler(sim),
  getProfile: getProfileHandler(sim),
  verify: verifyHandler(sim),
  logout: logoutHandler(sim),
  lineLogin: lineLoginHandler(sim),
  lineProfile: lineProfileHandler(sim),
  lineConnect: lineConnectHandler(sim),
  checkLineConnect: checkLineConnectHandler(sim),
  phoneConnect: phoneConnectHandler(sim),
  changePassword: changePasswordHandler(sim),
  registerStep1: registerStep1Handler(sim),
  registerStep2: registerStep2Handler(sim),
  registerStep3: registerStep3Handler(sim),
  gclubData: gclubDataHandler(sim),
  gclubLogin: gclubLoginHandler(sim),
  gclubCheckLogged: gclubCheckLoggedHandler(sim),
  gclubCredit: gclubCreditHandler(sim),
  gclubChangePwd: gclubChangePwdHandler(sim),
  gclubMaintain: gclubMaintainHandler(sim),
  gclubGame: gclubGameHandler(sim),
  gclubOpenGame: gclubOpenGameHandler(sim),
  ...gclubOpenProductHandlers(sim),
  gameFavourites: gameFavouritesHandler(sim),
  gameFavouriteSet: gameFavouriteSetHandler(sim),
  gameRecent: gameRecentHandler(sim),
  ufaLogin: ufaLoginHandler(sim),
  ufaCheckLogged: ufaCheckLoggedHandler(sim),
  ufaCredit: ufaCreditHandler(sim),
  ufaChangePwd: ufaChangePwdHandler(sim),
  ufaMaintain: ufaMaintainHandler(sim),
  ufaCheck: ufaCheckHandler(sim),
  ufaShoot: ufaShootHandler(sim),
  updateGamePassword: updateGamePasswordHandler(sim),
  switchMain: switchMainHandler(sim),
  gclubWithdraw: gclubWithdrawHandler(sim),
  ufaWithdraw: ufaWithdrawHandler(sim),
  checkWithdraw: checkWithdrawHandler(sim),
  history: historyHandler(sim),
});

/**
 * The operator API calls, each on its catalogue entry's method and path with its encrypted fields opened (sealed
 * replies, faults and request records apply), and gclubData's published GET form.
 */
export const apiRoutes = (sim: Sim): Route[] => [
  ...Object.entries(callHandlers(sim)).map(([name, handler]) => callRoute(OPERATOR_CALLS[name as CallName], handler, sim.cipher)),
  gclubDataGetRoute(sim),
];
