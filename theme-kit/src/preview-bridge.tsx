import { useMemo, type MouseEvent, type ReactNode } from 'react';
import { HostBridgeContext, PageContext, useActions, withPre25Names } from '@member/shared-core';
import type {
  BridgeActions,
  BridgeLinkProps,
  ChangePasswordModel,
  ConnectPhoneModel,
  GameAccountsModel,
  GamePasswordModel,
  HostBridge,
  InstallOffer,
  LineConnectModel,
  LoginFormModel,
  MenuItem,
  PageContextValue,
  PreferencesView,
  RegisterFlowModel,
  SessionView,
  SiteViewFacts,
} from '@member/shared-core';
import { APP_VERSION, CONTRACT_VERSION, type PageKey, type ThemeName } from '@member/shared-core';
import {
  usePreviewChangePassword,
  usePreviewConnectPhone,
  usePreviewLineConnect,
  usePreviewLoginForm,
  usePreviewRegisterFlow,
} from './preview-hooks';
import { usePreviewGameAccounts, usePreviewGamePassword } from './preview-game-hooks';
import { accountRoles } from '@member/shared-core/accounts/account-rules';
import { getPreviewTranslator } from './preview-i18n';
import { TranslatorContext } from '@member/shared-core';
import { usePreviewLobby, usePreviewProducts } from './preview-lobby-hooks';
import type { LobbyModel, ProductsModel } from '@member/shared-core';
import { usePreviewDeposit, usePreviewHistory, usePreviewPromotion, usePreviewWithdraw } from './preview-wallet-hooks';
import type { DepositModel, HistoryModel, PromotionModel, WithdrawModel } from '@member/shared-core';
import { createPreviewWalletServer, type PreviewWalletServer } from './preview-wallet-server';
import { historyStatus } from '@member/shared-core/wallet/history-period';

const monogram = (text: string, background: string, foreground: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="22" fill="${background}"/>` +
      `<text x="48" y="61" font-family="system-ui,sans-serif" font-size="38" font-weight="800" text-anchor="middle" fill="${foreground}">${text}</text></svg>`,
  )}`;

export const PREVIEW_SITE: SiteViewFacts = {
  prefix: 'demo',
  name: 'Demo Member Club',
  logo: monogram('DM', '#3346d3', '#ffffff'),
  theme: 'default',
  flavour: 'default-blue',
  divided: false,
  lineId: '@democlub',
  lineLink: 'https://line.me/R/ti/p/@democlub',
  promoLink: 'https://line.me/R/ti/p/@democlub',
  registerEnabled: true,
};

/** A stand-in brand per theme, so each remote's preview reads like one of its sites. */
export const PREVIEW_SITES: Record<ThemeName, Partial<SiteViewFacts>> = {
  default: { name: 'Bangkok Member Club', prefix: 'bkmc', theme: 'default', logo: monogram('BM', '#3346d3', '#ffffff') },
  PRE8: { name: 'PRE8', prefix: 'pre8', theme: 'PRE8', flavour: 'pre8-gold', logo: monogram('P8', '#0b0a08', '#e2bd55') },
  OSAKA39: { name: 'OSAKA39', prefix: 'os39', theme: 'OSAKA39', flavour: 'osaka-sakura', logo: monogram('39', '#c8102e', '#ffffff') },
};

/** A logged-in demo member with a bank account on record, connected by phone but not by LINE. */
export const PREVIEW_SESSION: SessionView = {
  status: 'member',
  logged: true,
  loginBy: 'phone',
  cid: 1001,
  username: 'x5678',
  memberInfo: {
    cid: 1001,
    account_name: 'สมชาย ใจดี',
    account_number: '1234567890',
    phone: '0812345678',
    bank_th: 'ธนาคารกสิกรไทย',
    bank_en: 'Kasikornbank',
    set: 'KBANK',
    logo: '',
  },
  profile: { email: 'member@example.com', name: 'Somchai', picture: '', lineConnect: false, phoneConnect: true },
  accWeb: {
    bank: {
      account_name: 'Demo Member Club Co., Ltd.',
      account_number: '0987654321',
      bank_th: 'ธนาคารไทยพาณิชย์',
      bank_en: 'Siam Commercial Bank',
      set: 'SCB',
      logo: '',
    },
  },
};

const GUEST_SESSION: SessionView = {
  ...PREVIEW_SESSION,
  status: 'guest',
  logged: false,
  cid: 0,
  username: '',
  memberInfo: null,
  profile: null,
  accWeb: null,
};

const MENU_PAGES: readonly PageKey[] = [
  'profile',
  'deposit',
  'withdraw',
  'slot',
  'fish',
  'cards',
  'history',
  'promotion',
  'gameuser',
  'info',
];

export const PREVIEW_MENU: readonly MenuItem[] = MENU_PAGES.map((page) => ({ page, path: `/${page}`, label: `page.${page}` }));

export interface PreviewBridgeOverrides {
  version?: string;
  /** In the 2.5 words; the bridge also gives them under their 2.0-2.4 names, as the host does. */
  site?: Partial<SiteViewFacts>;
  preferences?: Partial<PreferencesView>;
  /** `false` gives a guest; an object is merged over the demo member. */
  session?: Partial<SessionView> | false;
  menu?: readonly MenuItem[];
  /** The host's install offer (none by default), e.g. `{ kind: 'ios' }` for Safari on iOS. */
  install?: InstallOffer | null;
  actions?: Partial<BridgeActions>;
  /** Merged over the preview's own login-form state, e.g. to show an error or a pending submit. */
  loginForm?: Partial<LoginFormModel>;
  /** Merged over the preview's registration, e.g. `{ step: 2 }` or a server error. */
  registerFlow?: Partial<RegisterFlowModel>;
  changePassword?: Partial<ChangePasswordModel>;
  connectPhone?: Partial<ConnectPhoneModel>;
  /** E.g. `{ failed: true }` for the state after a LINE connection did not go through. */
  lineConnect?: Partial<LineConnectModel>;
  /** Merged over the preview's two accounts; given `accounts`, selected, other and main follow from them unless given too. */
  gameAccounts?: Partial<GameAccountsModel>;
  gamePassword?: Partial<GamePasswordModel>;
  /** Merged over every lobby of the preview, e.g. `{ status: 'loading' }` or `{ notice }`. */
  lobby?: Partial<LobbyModel>;
  /** E.g. `{ error }`, or `{ products: [] }` for a member without game accounts. */
  products?: Partial<ProductsModel>;
  /** E.g. `{ phase: 'checking', locked: true }` for a withdrawal the server has not confirmed yet. */
  withdraw?: Partial<WithdrawModel>;
  /** The pretend server the withdraw page sends to (a fresh one by default), e.g. one that loses its replies. */
  walletServer?: PreviewWalletServer;
  /** E.g. `{ lastDeposit: { gameuser, at } }` for the live confirmation. */
  deposit?: Partial<DepositModel>;
  /** E.g. `{ status: 'error', error }`; given `entries`, status follows them unless given too. */
  history?: Partial<HistoryModel>;
  promotion?: Partial<PromotionModel>;
}

/** Renders an ordinary link; a plain click goes through the bridge's navigate, as the host's router link would. */
function PreviewLink({ to, children, ...rest }: BridgeLinkProps) {
  const { navigate } = useActions();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} {...rest} onClick={onClick}>
      {children}
    </a>
  );
}

const noop = () => undefined;

/** A complete HostBridge with a fixed demo brand and member, for previews and tests. Actions do nothing unless overridden. */
export function createPreviewBridge(overrides: PreviewBridgeOverrides = {}): HostBridge {
  const actions: BridgeActions = {
    navigate: noop,
    setLocale: noop,
    setScheme: noop,
    logout: () => Promise.resolve(),
    ...overrides.actions,
  };
  const { loginForm, registerFlow, changePassword, connectPhone, lineConnect, gameAccounts, gamePassword } = overrides;
  const { lobby, products } = overrides;
  const { withdraw, deposit, history, promotion } = overrides;
  const walletServer = overrides.walletServer ?? createPreviewWalletServer();
  return {
    version: overrides.version ?? APP_VERSION,
    site: withPre25Names({ ...PREVIEW_SITE, ...overrides.site }),
    preferences: { locale: 'th', scheme: 'light', canSwitchScheme: true, ...overrides.preferences },
    session: overrides.session === false ? GUEST_SESSION : { ...PREVIEW_SESSION, ...overrides.session },
    menu: overrides.menu ?? PREVIEW_MENU,
    install: overrides.install ?? null,
    actions,
    hooks: {
      useLoginForm: () => ({ ...usePreviewLoginForm(), ...loginForm }),
      useRegisterFlow: () => ({ ...usePreviewRegisterFlow(), ...registerFlow }),
      useChangePassword: () => ({ ...usePreviewChangePassword(), ...changePassword }),
      useConnectPhone: () => ({ ...usePreviewConnectPhone(), ...connectPhone }),
      useLineConnect: () => ({ ...usePreviewLineConnect(), ...lineConnect }),
      useGameAccounts: () => ({
        ...usePreviewGameAccounts(),
        ...(gameAccounts?.accounts ? accountRoles(gameAccounts.accounts) : {}),
        ...gameAccounts,
      }),
      useGamePassword: () => ({ ...usePreviewGamePassword(), ...gamePassword }),
      useLobby: (category) => ({ ...usePreviewLobby(category), ...lobby }),
      useProducts: () => ({ ...usePreviewProducts(), ...products }),
      useWithdraw: () => ({ ...usePreviewWithdraw(walletServer), ...withdraw }),
      useDeposit: () => ({ ...usePreviewDeposit(), ...deposit }),
      useHistory: () => ({
        ...usePreviewHistory(walletServer),
        ...(history?.entries ? { status: historyStatus({ loading: false, failed: false, shown: history.entries.length }) } : {}),
        ...history,
      }),
      usePromotion: () => ({ ...usePreviewPromotion(), ...promotion }),
    },
    Link: PreviewLink,
  };
}

/** What the host provides around a page: the bridge, the page context and the strings in the bridge's locale. */
export function PreviewProviders({
  bridge,
  page,
  sub = null,
  children,
}: {
  bridge: HostBridge;
  page: PageKey;
  sub?: string | null;
  children: ReactNode;
}) {
  const theme = bridge.site.theme;
  const pageValue = useMemo<PageContextValue>(
    () => ({ page, sub, theme, path: sub ? `/${page}/${sub}` : `/${page}`, hostContract: CONTRACT_VERSION }),
    [page, sub, theme],
  );
  return (
    <TranslatorContext.Provider value={getPreviewTranslator(bridge.preferences.locale)}>
      <HostBridgeContext.Provider value={bridge}>
        <PageContext.Provider value={pageValue}>{children}</PageContext.Provider>
      </HostBridgeContext.Provider>
    </TranslatorContext.Provider>
  );
}
