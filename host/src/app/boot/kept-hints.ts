import {
  DRAWN_KEPT_ACCOUNTS,
  DRAWN_KEPT_ATTRIBUTES,
  DRAWN_KEPT_PROFILE,
  DRAWN_KEPT_PROFILE_ATTRIBUTES,
  KEPT_BALANCE_MARKS,
  KEPT_COUNT_MARK,
  KEPT_IMAGE_START,
  KEPT_MARK_START,
  KEPT_UPDATED_MARK,
  keptGameMark,
  DRAWN_MONEY_ATTRIBUTES,
  DRAWN_MONEY_FILLED,
  DRAWN_GRID_ATTRIBUTE,
} from '@member/shared-core/drawing';
import { SELECTED_GAME_COOKIE } from '@member/shared-core/accounts/account-rules';
import { LIST_SETTLE_MS } from '@member/shared-core/games/lobby-rules';
import { testIds } from '@member/shared-core/test-ids';
import { EARLY_CALLS } from '../../core/api/early-calls';
import { loginTypeCookie, tokenCookie } from '../../core/base/session-cookies';
import { KEPT_BALANCES_KEY } from '../../features/accounts/kept-balances';
import { KEPT_LIST_MAX_AGE_MS, KEPT_LISTS_KEY } from '../../features/lobby/kept-lists';
import { DRAWN_PLACE_SIBLINGS, DRAWN_PROFILE_UNKNOWN, KEPT_FILL_CLASSES, type KeptHints } from '../../core/config/drawn-kept';
import { DRAWN_START_BOUND_MS, EARLY_GLOBAL } from '../../core/config/early-start/hints';

/**
 * What the member frame's first script (drawn-kept.ts) is handed when the host is built (first-screen-plugin.ts), and
 * what its tests hand it: the app's own keys, marks, calls and formats, written once.
 */
export const KEPT_HINTS: KeptHints = {
  keptListsKey: KEPT_LISTS_KEY,
  keptListMaxAgeMs: KEPT_LIST_MAX_AGE_MS,
  keptBalancesKey: KEPT_BALANCES_KEY,
  services: [...DRAWN_KEPT_ACCOUNTS[0]],
  sessionCookies: [tokenCookie(''), loginTypeCookie('')],
  attributes: { ...DRAWN_KEPT_ATTRIBUTES },
  marks: keptGameMark('#'),
  markStarts: [KEPT_MARK_START, KEPT_IMAGE_START],
  countMark: KEPT_COUNT_MARK,
  tileTestId: testIds.gameTile,
  placeTestId: testIds.drawnPagePending,
  placeSiblings: [...DRAWN_PLACE_SIBLINGS],
  gridAttribute: DRAWN_GRID_ATTRIBUTE,
  early: {
    global: EARLY_GLOBAL,
    list: EARLY_CALLS.gclubGame,
    profile: EARLY_CALLS.getProfile,
    settleMs: { ...LIST_SETTLE_MS },
    waitMs: DRAWN_START_BOUND_MS,
  },
  profile: {
    page: DRAWN_KEPT_PROFILE,
    notSet: DRAWN_KEPT_PROFILE_ATTRIBUTES.notSet,
    balanceMarks: { ...KEPT_BALANCE_MARKS },
    updatedMark: KEPT_UPDATED_MARK,
    accountTestId: testIds.gameAccount,
    unknown: [...DRAWN_PROFILE_UNKNOWN],
    pendingClass: KEPT_FILL_CLASSES.balancePending,
  },
  money: {
    ...DRAWN_MONEY_ATTRIBUTES,
    filled: DRAWN_MONEY_FILLED,
    selectedCookie: SELECTED_GAME_COOKIE,
    pendingClass: KEPT_FILL_CLASSES.moneyPending,
    otherAmountClass: KEPT_FILL_CLASSES.otherAmount,
  },
};
