import { useLocation, useParams } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { CONTRACT_VERSION, PAGES, isPageKey, isValidSubroute, type PageContextValue } from '@member/shared-core';
import { isConfiguredTheme } from '../../features/remotes/remote-registry';
import { siteConfigAtom } from '../../core/base/boot-state';
import { Guarded } from './guards';
import { NotFound } from '../../core/base/screens';
import { ThemedPage } from './themed-page';
import { resolvePageThemes } from '../../features/remotes/resolve-page-themes';
import { RunLogout } from '../../features/session/run-logout';
import { RequireProviderSession } from '../../features/accounts/require-provider-session';

/**
 * `/{page}`, `/{page}/{sub}`, `/{page}/theme/{THEME}` and `/{page}/theme/{THEME}/{sub}`, where THEME is any
 * theme `/config.json` configures.
 * A site page takes its theme from the site's components list (layout → page, activeLayout → frame);
 * a theme variant renders page and frame from the theme it names.
 */
export function PageRoute() {
  const { page, sub, theme } = useParams();
  const { pathname } = useLocation();
  const site = useAtomValue(siteConfigAtom);
  if (!site || !isPageKey(page) || !isValidSubroute(page, sub) || (theme !== undefined && !isConfiguredTheme(theme))) {
    return <NotFound path={pathname} />;
  }
  if (page === 'logout' && theme !== undefined && (theme !== 'default' || sub !== 'logout')) return <NotFound path={pathname} />;
  const { page: pageTheme, frame: frameTheme } = resolvePageThemes(site, page, theme ?? null);
  const context: PageContextValue = { page, sub: sub ?? null, theme: pageTheme, path: pathname, hostContract: CONTRACT_VERSION };
  return (
    <Guarded middlewares={PAGES[page].middleware}>
      {page === 'logout' ? <RunLogout /> : null}
      {page === 'profile' ? (
        <RequireProviderSession>
          <ThemedPage context={context} frameTheme={frameTheme} />
        </RequireProviderSession>
      ) : (
        <ThemedPage context={context} frameTheme={frameTheme} />
      )}
    </Guarded>
  );
}
