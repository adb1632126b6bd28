import { useLocation, useParams } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { CONTRACT_VERSION, FRAMELESS_PAGES, isPageKey, isValidSubroute, type PageContextValue, type ThemeName } from '@member/shared-core';
import { isConfiguredTheme } from '../federation/remote-registry';
import { siteConfigAtom } from '../state/boot';
import { Guarded, PAGE_MIDDLEWARE } from './guards';
import { NotFound } from './screens';
import { ThemedPage } from './themed-page';
import { RunLogout } from './run-logout';
import { RequireProviderSession } from './require-provider-session';

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
  const component = site.components.find((c) => c.title === page);
  const pageTheme: ThemeName = theme ?? component?.layout ?? site.layout;
  const frameTheme: ThemeName = theme ?? component?.activeLayout ?? pageTheme;
  const context: PageContextValue = { page, sub: sub ?? null, theme: pageTheme, path: pathname, hostContract: CONTRACT_VERSION };
  return (
    <Guarded middlewares={PAGE_MIDDLEWARE[page]}>
      {page === 'logout' ? <RunLogout /> : null}
      {page === 'profile' ? (
        <RequireProviderSession>
          <ThemedPage context={context} frameTheme={frameTheme} />
        </RequireProviderSession>
      ) : (
        <ThemedPage context={context} frameTheme={FRAMELESS_PAGES.includes(page) ? null : frameTheme} />
      )}
    </Guarded>
  );
}
