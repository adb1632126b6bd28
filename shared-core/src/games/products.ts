/**
 * The GCLUB products opened by their own call with `{token}` (GCLUB session token), in the order menus list them.
 * The one list: the call type, the host's menu and the preview's menu all come from it.
 */
export const GCLUB_PRODUCT_CALLS = [
  'gclubOpenLiveCasino',
  'gclubOpenLiveWMCasino',
  'gclubOpenIDNlive',
  'gclubOpenLiveWorldCasino',
  'gclubOpenSport',
  'gclubOpenCMD',
  'gclubOpenCock',
  'gclubOpenLottery',
  'gclubOpenEsportPME',
  'gclubOpenEsportKS',
  'gclubOpenCR',
] as const;

export type GclubProductCall = (typeof GCLUB_PRODUCT_CALLS)[number];

export const isGclubProductCall = (key: string): key is GclubProductCall => (GCLUB_PRODUCT_CALLS as readonly string[]).includes(key);
