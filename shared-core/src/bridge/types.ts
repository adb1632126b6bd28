import type { ComponentType, ReactNode } from 'react';
import type { PageKey, ThemeName } from '../contract';
import type { GameCategory } from '../games/menu';
import type { AccWeb, BankCode, LoginBy, Locale, MemberInfo, Profile, Service } from '../types/entities';
import type { Scheme } from '../types/site-config';

/** The brand as a remote sees it: resolved for the current member (divisions already picked). */
export interface SiteView {
  prefix: string;
  /** Since 2.5: the brand's name (`web` before). */
  name: string;
  logo: string;
  /** Since 2.5: the site's theme (`layout` before). */
  theme: ThemeName;
  /** Since 2.5: the variant of its theme the site picks (`css` before). */
  flavour: string;
  /** Since 2.5: whether the site's LINE contacts are split per division of game users (`divisions` before). */
  divided: boolean;
  /** The 2.0-2.4 name of `name`, still sent for remotes built before 2.5. */
  web: string;
  /** The 2.0-2.4 name of `theme`, still sent. */
  layout: ThemeName;
  /** The 2.0-2.4 name of `flavour`, still sent. */
  css: string;
  /** The 2.0-2.4 name of `divided`, still sent. */
  divisions: boolean;
  lineId: string;
  lineLink: string;
  /**
   * Since 2.1: on a divided site, for a visitor with no game user (a guest), every division's contact, and `lineId`
   * is empty: no division's contact is the guest's. Absent otherwise, and from a 2.0 host. Since 2.3 each names its
   * `division`: the start of the game user names it serves (`ufkklacsag1`), so a member can tell which is theirs.
   */
  lineContacts?: readonly { id: string; link: string; division?: string }[];
  promoLink: string;
  registerEnabled: boolean;
}

/** The 2.0-2.4 names of four SiteView fields, still sent beside their 2.5 names. */
export type SiteViewPre25Name = 'web' | 'layout' | 'css' | 'divisions';

/** A SiteView in its 2.5 words alone: what our own code writes; `withPre25Names` adds the names older remotes read. */
export type SiteViewFacts = Omit<SiteView, SiteViewPre25Name>;

export interface PreferencesView {
  locale: Locale;
  scheme: Scheme;
  canSwitchScheme: boolean;
}

export type SessionStatus = 'checking' | 'guest' | 'member';

export interface SessionView {
  status: SessionStatus;
  logged: boolean;
  loginBy: LoginBy;
  cid: number;
  /** `x` + last four digits of the phone; empty for a guest. */
  username: string;
  memberInfo: MemberInfo | null;
  profile: Profile | null;
  /** The club's side: receiving bank account and contact. */
  accWeb: AccWeb | null;
}

export interface MenuItem {
  page: PageKey;
  path: string;
  /** i18n key of the label. */
  label: string;
}

export interface NavigateOptions {
  replace?: boolean;
}

/** Everything a remote may ask the host to do. Remotes render; the host decides. */
export interface BridgeActions {
  navigate(to: string, options?: NavigateOptions): void;
  setLocale(locale: Locale): void;
  setScheme(scheme: Scheme): void;
  logout(): Promise<void>;
}

export interface LoginFormModel {
  phone: string;
  password: string;
  setPhone(value: string): void;
  setPassword(value: string): void;
  /** Validates and submits; safe to call from a form's onSubmit. */
  submit(): void;
  pending: boolean;
  /**
   * Since 2.1: the login has been waiting long enough for the member to be told the server is slow (it is still
   * waited for), and `cancel` stops waiting. Absent from a 2.0 host.
   */
  slow?: boolean;
  cancel?(): void;
  /** Translated message for the whole form, or null. */
  error: string | null;
  fieldErrors: { phone?: string; password?: string };
  startLineLogin(): void;
  linePending: boolean;
  /**
   * Since 2.3: why the member was logged out without asking to be (translated): they logged in on another device, the
   * session ran out, or the club ended it. Null when they logged out themselves or came fresh; absent from an older host.
   */
  notice?: string | null;
}

/** A form's error state: one message for the form, one per field; all already translated. */
export interface FormErrors<Field extends string> {
  error: string | null;
  fieldErrors: Partial<Record<Field, string>>;
}

export interface BankOption {
  code: BankCode;
  /** Name in the current language. */
  name: string;
}

export type RegisterStep = 1 | 2 | 3;

/** The three registration steps (phone and password; bank; review and create). */
export interface RegisterFlowModel extends FormErrors<'phone' | 'password' | 'confirm' | 'bankCode' | 'accountNumber' | 'accountName'> {
  step: RegisterStep;
  /** Set when the member arrived from LINE with no account yet: no password is asked. */
  viaLine: boolean;
  phone: string;
  password: string;
  confirm: string;
  bankCode: BankCode | '';
  accountNumber: string;
  accountName: string;
  banks: readonly BankOption[];
  setPhone(value: string): void;
  setPassword(value: string): void;
  setConfirm(value: string): void;
  setBankCode(value: BankCode | ''): void;
  setAccountNumber(value: string): void;
  setAccountName(value: string): void;
  /** Validates and sends the current step; step 3 creates the member and logs them in. */
  submit(): void;
  back(): void;
  pending: boolean;
}

export interface ChangePasswordModel extends FormErrors<'oldPassword' | 'newPassword' | 'confirm'> {
  oldPassword: string;
  newPassword: string;
  confirm: string;
  setOldPassword(value: string): void;
  setNewPassword(value: string): void;
  setConfirm(value: string): void;
  submit(): void;
  pending: boolean;
  done: boolean;
}

export interface ConnectPhoneModel extends FormErrors<'phone' | 'password'> {
  phone: string;
  password: string;
  setPhone(value: string): void;
  setPassword(value: string): void;
  submit(): void;
  pending: boolean;
  done: boolean;
  /** Already connected: the phone on record, formatted. */
  connectedPhone: string | null;
}

export interface LineConnectModel {
  connected: boolean;
  /** The last connect attempt failed (error_line_connect). */
  failed: boolean;
  pending: boolean;
  error: string | null;
  start(): void;
}

/** One game account as a screen shows it. */
export interface GameAccountView {
  service: Service;
  gameuser: string;
  password: string;
  main: boolean;
  generate: boolean;
  selected: boolean;
  /** Baht; null until the first credit reply. */
  balance: number | null;
  /** ISO time of the last balance reply. */
  balanceUpdatedAt: string | null;
  balanceLoading: boolean;
  logged: boolean;
  maintain: boolean;
  /**
   * Since 2.3: while `maintain`, when the provider's maintenance is planned to end (ISO date and time), where the operator
   * says; null otherwise, absent from an older host.
   */
  maintainUntil?: string | null;
  /** The last refresh of the balance failed: `balance` and `balanceUpdatedAt` are still the previous ones. */
  balanceFailed: boolean;
}

export interface GameAccountsModel {
  accounts: readonly GameAccountView[];
  selected: GameAccountView | null;
  other: GameAccountView | null;
  main: GameAccountView | null;
  /** Makes the other account the selected one. */
  switchAccount(): void;
  switching: boolean;
  /** Asks the server to make the other account the main one. */
  switchMain(): void;
  switchingMain: boolean;
  refreshBalances(): void;
  /** Translated outcome of the last switch, or null. */
  error: string | null;
  notice: string | null;
}

/** The member's password form, for one game account chosen by provider. */
export interface GamePasswordModel extends ChangePasswordModel {
  service: Service | null;
  setService(service: Service): void;
}

export interface LobbyGame {
  /** `{brand}/{id}`: unique across brands. */
  key: string;
  id: string;
  /** The brand's storage key (`slot_RSG`). */
  brand: string;
  name: string;
  imageUrl: string;
  favourite: boolean;
}

export interface LobbyBrand {
  code: string;
  title: string;
  storageKey: string;
  /** False for a brand whose games are not open yet (url_token '-'). */
  open: boolean;
}

export type LobbyStatus = 'loading' | 'ready' | 'empty' | 'error';

/** One lobby (slot, fish or cards): brands, the chosen brand's games, search, favourites, launching. */
export interface LobbyModel {
  category: GameCategory;
  brands: readonly LobbyBrand[];
  brand: LobbyBrand | null;
  selectBrand(code: string): void;
  status: LobbyStatus;
  /** The chosen brand's games that match the query; favourites, then recently played, then the rest. */
  games: readonly LobbyGame[];
  favourites: readonly LobbyGame[];
  recent: readonly LobbyGame[];
  query: string;
  setQuery(value: string): void;
  /**
   * Since 2.1: while a query is typed, the games of the category's other open brands that match it, one group per
   * brand with matches (their lists are fetched once a search starts, and kept); `searching` while some are still
   * being fetched. Absent from a 2.0 host.
   */
  otherBrands?: readonly { brand: LobbyBrand; games: readonly LobbyGame[] }[];
  searching?: boolean;
  /** Translated note, e.g. that the last good list is shown after a bad reply. */
  notice: string | null;
  launch(game: LobbyGame): void;
  launchingKey: string | null;
  launchError: string | null;
  toggleFavourite(game: LobbyGame): void;
  /** Seconds until balances refresh after a launch (5 s GCLUB, 4 s UFA); 0 when none is due. */
  refreshIn: number;
}

export interface ProductEntry {
  key: string;
  /** Translated name. */
  label: string;
  provider: Service;
}

/** Live casinos, sport, cock-fighting, lottery, esports and UFA's products, opened through the safe-URL guard. */
export interface ProductsModel {
  products: readonly ProductEntry[];
  open(key: string): void;
  openingKey: string | null;
  error: string | null;
}

export type WithdrawPhase = 'idle' | 'sending' | 'pending' | 'checking' | 'done';

/** Withdraw: validation, one request per intent (an Idempotency-Key reused on retry), the button lock. */
export interface WithdrawModel extends FormErrors<'amount'> {
  accounts: readonly GameAccountView[];
  service: Service | null;
  setService(service: Service): void;
  amount: string;
  setAmount(value: string): void;
  /** The site's minimum withdrawal, in baht. */
  minimum: number;
  /** A withdrawal of this game user is still being processed: no new one yet. */
  blocked: boolean;
  /** Locked from the first click until the server's event or a definite failure. */
  locked: boolean;
  /** 'checking': the reply was lost (timeout, server error, a reload), so the server is being asked what became of it. */
  phase: WithdrawPhase;
  /** The withdrawal this account waits on or just finished, when this browser made it (in any tab, before a reload too). */
  intent: WithdrawIntentView | null;
  /**
   * Since 2.4: while `phase` is 'checking', why the outcome is not known yet, said for the member, and in how many
   * seconds the same request goes to the server again (0: now; null: it is only asked about, not sent again). Absent
   * from an older host: read it as null.
   */
  checking?: { reason: string; askInS: number | null } | null;
  submit(): void;
  /**
   * "Check again": asks the server what became of the withdrawal. It never makes a new one: when neither the check nor
   * the history knows of it, the same intent goes again under its own key, which the server books at most once.
   */
  retry(): void;
}

export interface WithdrawIntentView {
  /** Baht. */
  amount: number;
  gameuser: string;
  service: Service;
}

export interface DepositModel {
  /** The club's receiving account for this member (web state's bank). */
  clubBank: AccWeb['bank'] | null;
  memberInfo: MemberInfo | null;
  /**
   * The last deposit the private channel announced while this page was open; since 2.3 with its amount (baht) and
   * provider where the event carried them.
   */
  lastDeposit: { gameuser: string; at: string; amount?: number; service?: Service } | null;
  accounts: readonly GameAccountView[];
}

export type HistoryPeriod = 'today' | '7d' | '30d';

export interface HistoryRow {
  ref: string;
  type: 'deposit' | 'withdraw';
  amount: number;
  status: 'pending' | 'completed' | 'rejected';
  time: string;
  service: Service;
  gameuser: string;
}

export interface HistoryModel {
  accounts: readonly GameAccountView[];
  gameuser: string | null;
  setGameuser(gameuser: string): void;
  period: HistoryPeriod;
  setPeriod(period: HistoryPeriod): void;
  status: 'loading' | 'ready' | 'empty' | 'error';
  /** Newest first, within the period. */
  entries: readonly HistoryRow[];
  error: string | null;
  reload(): void;
}

/** The site's promoLink, only when it passes the safe-URL guard. */
export interface PromotionModel {
  url: string | null;
  refused: boolean;
  /**
   * False when the host knows this page cannot show the promotion in a frame (its security policy refused the
   * origin, or an https page would frame an http one): the member gets a card that opens it in a new tab.
   * Hosts that predate the field leave it out: framed.
   */
  framable?: boolean;
}

/** Page logic lives in the host and reaches remotes as hooks. */
export interface BridgeHooks {
  useWithdraw(): WithdrawModel;
  useDeposit(): DepositModel;
  useHistory(): HistoryModel;
  usePromotion(): PromotionModel;
  useLobby(category: GameCategory): LobbyModel;
  useProducts(): ProductsModel;
  useGameAccounts(): GameAccountsModel;
  useGamePassword(): GamePasswordModel;
  useLoginForm(): LoginFormModel;
  useRegisterFlow(): RegisterFlowModel;
  useChangePassword(): ChangePasswordModel;
  useConnectPhone(): ConnectPhoneModel;
  useLineConnect(): LineConnectModel;
}

export interface BridgeLinkProps {
  to: string;
  children: ReactNode;
  className?: string;
  'aria-label'?: string;
  'data-testid'?: string;
  'aria-current'?: 'page' | undefined;
}

/**
 * Since 2.2: how this browser lets the member put the site on their home screen, as the host found it. `prompt`: the
 * browser offers to install it, and `install()` asks it to (the browser's own dialog follows); `ios`: Safari on iOS,
 * which offers no prompt, so the theme shows how to add it from the Share menu. The host leaves it null when the
 * browser offers nothing or the site already runs as an installed app.
 */
export type InstallOffer = { kind: 'prompt'; install(): Promise<void> } | { kind: 'ios' };

export interface HostBridge {
  version: string;
  site: SiteView;
  preferences: PreferencesView;
  session: SessionView;
  menu: readonly MenuItem[];
  /** Since 2.2 (absent from an older host: read it as null). */
  install?: InstallOffer | null;
  actions: BridgeActions;
  hooks: BridgeHooks;
  Link: ComponentType<BridgeLinkProps>;
}

/** Where a page is rendered: which page, which sub-component, which theme was asked for. */
export interface PageContextValue {
  page: PageKey;
  sub: string | null;
  theme: ThemeName;
  path: string;
  /** The contract version the host speaks, so a remote can tell which hooks this host offers. */
  hostContract: string;
}

export interface LayoutProps {
  children: ReactNode;
}
