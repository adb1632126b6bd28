import type { ComponentType, ReactNode } from 'react';
import type { PageKey, ThemeName } from '../contract';
import type { AccWeb, BankCode, LoginBy, Locale, MemberInfo, Profile } from '../types/entities';
import type { Scheme } from '../types/site-config';

/** The brand as a remote sees it: resolved for the current member (divisions already picked). */
export interface SiteView {
  prefix: string;
  web: string;
  logo: string;
  layout: ThemeName;
  css: string;
  divisions: boolean;
  lineId: string;
  lineLink: string;
  promoLink: string;
  registerEnabled: boolean;
}

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
  /** The club's side: receiving bank account and contact (SPEC §3 Web state). */
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
  /** Translated message for the whole form, or null. */
  error: string | null;
  fieldErrors: { phone?: string; password?: string };
  startLineLogin(): void;
  linePending: boolean;
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
  /** SPEC §8: the last connect attempt failed (error_line_connect). */
  failed: boolean;
  pending: boolean;
  error: string | null;
  start(): void;
}

/** Page logic lives in the host and reaches remotes as hooks. */
export interface BridgeHooks {
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

export interface HostBridge {
  version: string;
  site: SiteView;
  preferences: PreferencesView;
  session: SessionView;
  menu: readonly MenuItem[];
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
}

export interface LayoutProps {
  children: ReactNode;
}
