import type { ComponentType, ReactNode } from 'react';
import type { PageKey, ThemeName } from '../contract';
import type { LoginBy, Locale, MemberInfo, Profile } from '../types/entities';
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

/** Page logic lives in the host and reaches remotes as hooks. */
export interface BridgeHooks {
  useLoginForm(): LoginFormModel;
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
