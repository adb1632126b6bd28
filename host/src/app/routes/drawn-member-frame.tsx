import { use } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { CONTRACT_VERSION, PageContext, type PageKey } from '@member/shared-core';
import { testIds } from '@member/shared-core/test-ids';
import { siteConfigAtom } from '../../core/base/boot-state';
import { resolvePageThemes } from '../../features/remotes/resolve-page-themes';
import { layoutComponent, type LoadedComponent } from '../../features/remotes/theme-loader';
import { LiveUpdatesNotice } from '../../features/realtime/live-updates-notice';
import { UpdateOffer } from '../../features/worker/update-offer';
import type { LayoutProps } from '@member/shared-core';

/**
 * A member's page as the drawing step draws it (app/routes/draw-page.tsx): the site's frame, drawn by the frame theme the
 * page's route picks (resolve-page-themes.ts), around the page's place, which says the page is on its way. No member
 * is in it: the app replaces the whole drawing with the page once it has the member and the page (app/boot/drawn-page.ts).
 */
export function DrawnMemberFrame({ page }: { page: PageKey }) {
  const site = useAtomValue(siteConfigAtom);
  if (!site) throw new Error('a member frame is drawn for a known site');
  const themes = resolvePageThemes(site, page, null);
  const frame: LoadedComponent<LayoutProps> = use(layoutComponent(themes.frame ?? themes.page));
  const Frame = frame.Component;
  return (
    <PageContext.Provider value={{ page, sub: null, theme: themes.page, path: `/${page}`, hostContract: CONTRACT_VERSION }}>
      {/* What the app's page holds in the frame before the page (themed-page.tsx): a lobby's kept template takes the place of all three (core/config/drawn-kept.ts, DRAWN_PLACE_SIBLINGS). */}
      <Frame>
        <LiveUpdatesNotice />
        <UpdateOffer />
        <PagePending page={page} />
      </Frame>
    </PageContext.Provider>
  );
}

/** The page's place: its name as the page's heading (for whoever reads the page by its headings), and a spinner. */
function PagePending({ page }: { page: PageKey }) {
  const { t } = useTranslation();
  return (
    <div className="host-page-pending" data-testid={testIds.drawnPagePending} role="status" aria-live="polite">
      <h1 className="host-visually-hidden">{t(`page.${page}`)}</h1>
      <span className="host-spinner host-screen__spinner" aria-hidden="true" />
      <span className="host-visually-hidden">{t('app.loading')}</span>
    </div>
  );
}
