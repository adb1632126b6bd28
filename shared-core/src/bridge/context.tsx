import { createContext, useContext } from 'react';
import type {
  BridgeActions, BridgeLinkProps, ChangePasswordModel, ConnectPhoneModel, HostBridge, LineConnectModel, LoginFormModel, RegisterFlowModel, MenuItem, PageContextValue, PreferencesView, SessionView, SiteView,
} from './types';

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
