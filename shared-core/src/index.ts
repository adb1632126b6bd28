export * from './contract';
export * from './routes';
export * from './test-ids';
export type * from './types/entities';
export { BANK_CODES } from './types/entities';
export type * from './types/site-config';
export type * from './types/runtime-config';
export type * from './types/api';
export type * from './types/theme-tokens';
export * from './helpers/locale';
export * from './helpers/scheme';
export * from './helpers/class-names';
export * from './helpers/login-validation';
// What is here is the shared singleton, loaded whole before the first page renders, so it holds what must be one
// copy (the contexts) or what every first page needs. Rules only some pages use are reached by their own paths
// (`@member/shared-core/helpers/…`, `…/wallet/…`, `…/accounts/…`, `…/games/…`: the package's exports list them) and are
// bundled beside the code that uses them; so are the schemas only the host runs (`…/schema/config`, and the catalogue
// of operator calls `…/api/calls`, which the host's API client loads with itself), which share one validator.
export type { GameCategory, GameMenu, GameMenuEntry } from './games/menu';
export type { Validation } from './schema/validate';
export type * from './bridge/types';
export * from './bridge/context';
export { withPre25Names } from './bridge/site-view';
export * from './i18n';
