import { useMemo, type ReactNode } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { APP_VERSION, HostBridgeContext, type HostBridge, type InstallOffer } from '@member/shared-core';
import { displayUsername } from '@member/shared-core/helpers/format';
import { prefixAtom, siteConfigAtom } from '../../core/base/boot-state';
import { canSwitchSchemeAtom, localeAtom, schemeAtom, setLocaleAtom, setSchemeAtom } from '../../core/base/preferences';
import { isLoggedInAtom, needsRegistrationAtom, sessionAtom } from '../../core/base/session-state';
import { HostLink } from './host-link';
import { menuFor } from './menu';
import { toSiteView } from './site-view';
import { bridgeHooks } from './page-hooks';
import { selectedAccountAtom } from '../../features/accounts/state';
import { withPrefix } from '../../core/base/with-prefix';
import { installAtom, installStateAtom } from '../../core/base/install-offer';

/** Builds the bridge the remotes read: state from atoms, actions into atoms, hooks for page logic. */
export function BridgeProvider({ children }: { children: ReactNode }) {
  const site = useAtomValue(siteConfigAtom);
  const prefix = useAtomValue(prefixAtom);
  const locale = useAtomValue(localeAtom);
  const scheme = useAtomValue(schemeAtom);
  const canSwitch = useAtomValue(canSwitchSchemeAtom);
  const session = useAtomValue(sessionAtom);
  const selectedAccount = useAtomValue(selectedAccountAtom);
  const logged = useAtomValue(isLoggedInAtom);
  const needsRegistration = useAtomValue(needsRegistrationAtom);
  const registerEnabled = site?.registerEnabled ?? false;
  const menu = useMemo(() => menuFor({ logged, needsRegistration, registerEnabled }), [logged, needsRegistration, registerEnabled]);
  const installState = useAtomValue(installStateAtom);
  const runInstall = useSetAtom(installAtom);
  // What the themes draw as the menu's "add to home screen" entry; the prompt itself stays the host's.
  const install = useMemo<InstallOffer | null>(() => {
    if (installState.kind === 'prompt') return { kind: 'prompt', install: () => runInstall() };
    return installState.kind === 'ios' ? { kind: 'ios' } : null;
  }, [installState, runInstall]);
  const setLocale = useSetAtom(setLocaleAtom);
  const setScheme = useSetAtom(setSchemeAtom);
  const navigate = useNavigate();

  const actions = useMemo<HostBridge['actions']>(
    () => ({
      navigate: (to, options) => navigate(withPrefix(to, prefix), { replace: options?.replace ?? false }),
      setLocale,
      setScheme,
      // The /logout page performs it, so the member sees the brand's "logging out" screen for the 1 s logout delay.
      logout: async () => {
        navigate(withPrefix('/logout', prefix));
      },
    }),
    [navigate, prefix, setLocale, setScheme],
  );

  const bridge = useMemo<HostBridge | null>(() => {
    if (!site) return null;
    const phone = session.memberInfo?.phone ?? '';
    return {
      version: APP_VERSION,
      site: toSiteView(site, selectedAccount?.gameuser ?? session.games[0]?.game_user ?? null),
      preferences: { locale, scheme, canSwitchScheme: canSwitch },
      session: {
        status: session.status,
        logged: session.logged,
        loginBy: session.loginBy,
        cid: session.memberInfo?.cid ?? 0,
        username: phone ? displayUsername(phone) : '',
        memberInfo: session.memberInfo,
        profile: session.profile,
        accWeb: session.accWeb,
      },
      menu,
      install,
      actions,
      hooks: bridgeHooks,
      Link: HostLink,
    };
  }, [site, locale, scheme, canSwitch, session, actions, selectedAccount, menu, install]);

  if (!bridge) return <>{children}</>;
  return <HostBridgeContext.Provider value={bridge}>{children}</HostBridgeContext.Provider>;
}
