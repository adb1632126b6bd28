import { createContext, useContext } from 'react';
import type {
  BridgeActions,
  BridgeLinkProps,
  ChangePasswordModel,
  GameAccountsModel,
  GamePasswordModel,
  LobbyModel,
  ProductsModel,
  WithdrawModel,
  DepositModel,
  HistoryModel,
  PromotionModel,
  ConnectPhoneModel,
  HostBridge,
  LineConnectModel,
  LoginFormModel,
  RegisterFlowModel,
  MenuItem,
  PageContextValue,
  PreferencesView,
  SessionView,
  SiteView,
} from './types';
import type { GameCategory } from '../games/menu';

export const HostBridgeContext = createContext<HostBridge | null>(null);
HostBridgeContext.displayName = 'HostBridge';

export const PageContext = createContext<PageContextValue | null>(null);
PageContext.displayName = 'PageContext';

export function useBridge(): HostBridge {
  const bridge = useContext(HostBridgeContext);
  if (!bridge) throw new Error('useBridge: no HostBridge above this component (is shared-core shared as a singleton?)');
  return bridge;
}

export const useSite = (): SiteView => useBridge().site;
export const usePreferences = (): PreferencesView => useBridge().preferences;
export const useSession = (): SessionView => useBridge().session;
export const useActions = (): BridgeActions => useBridge().actions;
export const useMenu = (): readonly MenuItem[] => useBridge().menu;
export const useVersion = (): string => useBridge().version;
export const useLoginForm = (): LoginFormModel => useBridge().hooks.useLoginForm();
export const useRegisterFlow = (): RegisterFlowModel => useBridge().hooks.useRegisterFlow();
export const useChangePassword = (): ChangePasswordModel => useBridge().hooks.useChangePassword();
export const useConnectPhone = (): ConnectPhoneModel => useBridge().hooks.useConnectPhone();
export const useLineConnect = (): LineConnectModel => useBridge().hooks.useLineConnect();
export const useGameAccounts = (): GameAccountsModel => useBridge().hooks.useGameAccounts();
export const useGamePassword = (): GamePasswordModel => useBridge().hooks.useGamePassword();
export const useLobby = (category: GameCategory): LobbyModel => useBridge().hooks.useLobby(category);
export const useProducts = (): ProductsModel => useBridge().hooks.useProducts();
export const useWithdraw = (): WithdrawModel => useBridge().hooks.useWithdraw();
export const useDeposit = (): DepositModel => useBridge().hooks.useDeposit();
export const useHistory = (): HistoryModel => useBridge().hooks.useHistory();
export const usePromotion = (): PromotionModel => useBridge().hooks.usePromotion();

export function usePage(): PageContextValue {
  const page = useContext(PageContext);
  if (!page) throw new Error('usePage: no PageContext above this component');
  return page;
}

/** Navigation for remotes, which do not bundle the router. */
export function Link(props: BridgeLinkProps) {
  const { Link: HostLink } = useBridge();
  return <HostLink {...props} />;
}
