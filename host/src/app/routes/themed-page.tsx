import { Suspense, use, useEffect, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PageContext, testIds, type LayoutProps, type PageContextValue, type ThemeName } from '@member/shared-core';
import { layoutComponent, NoThemeUsable, themedComponent, type LoadedComponent } from '../../features/remotes/theme-loader';
import { PlainPage } from './plain-pages';
import { isChunkLoadError } from '../../core/lib/reload-guard';
import { chunkGuard } from '../../core/lib/chunk-guard';
import { markFirstPageShown } from '../../features/remotes/first-page';
import { loadPageHooks } from '../bridge/page-hooks';
import { BootLoading, LoadFailurePage } from '../../core/base/screens';
import { ErrorBoundary } from '../../core/base/error-boundary';
import { LiveUpdatesNotice } from '../../features/realtime/live-updates-notice';
import { UpdateOffer } from '../../features/worker/update-offer';
import { ContainedPage } from '../../features/remotes/contained-page';

export interface ThemedPageProps {
  context: PageContextValue;
  /** Theme of the surrounding frame, or null for pages that stand alone (login, logout). */
  frameTheme: ThemeName | null;
}

function FallbackNotice({ from }: { from: ThemeName | null }) {
  const { t } = useTranslation();
  if (!from) return null;
  return (
    <p className="host-fallback-notice" role="status" data-testid={testIds.themeFallbackNotice} data-wanted-theme={from}>
      {t('fallback.notice')}
    </p>
  );
}

// Not in the store: one promise per load, as React's use() needs, dropped with its load.
/** What stands in when no theme could draw: the host's plain page, or no frame. One promise per load, as React's `use` needs. */
const orPlainMemo = new WeakMap<Promise<unknown>, Promise<unknown>>();
function orPlain<T>(load: Promise<T>, plain: T): Promise<T> {
  let pending = orPlainMemo.get(load) as Promise<T> | undefined;
  if (!pending) {
    pending = load.catch((error: unknown) => {
      if (error instanceof NoThemeUsable) return plain;
      throw error;
    });
    orPlainMemo.set(load, pending);
  }
  return pending;
}

function Resolved({ context, frameTheme }: ThemedPageProps) {
  // Started together so the page, its frame and the host's page logic download side by side. Each is the
  // same promise on every render of this navigation, so a failure is never started again by a re-render.
  const plain: LoadedComponent<object> = { Component: PlainPage, theme: context.theme, fallbackFrom: null };
  const pending = chunkGuard.needed(orPlain(themedComponent<object>(context.theme, { kind: 'page', page: context.page }), plain));
  const framePending = frameTheme
    ? chunkGuard.needed(orPlain<LoadedComponent<LayoutProps> | null>(layoutComponent(frameTheme), null))
    : null;
  const hooksPending = loadPageHooks(context.page);
  const page = use(pending) as LoadedComponent<object>;
  const frame: LoadedComponent<LayoutProps> | null = framePending ? use(framePending) : null;
  if (hooksPending) use(chunkGuard.needed(hooksPending));
  const Page = page.Component as ComponentType;
  useEffect(markFirstPageShown, []);
  // No theme at all: the host's plain page says so itself, and no theme's frame is around it.
  if (page.Component === PlainPage) return <PlainPage />;
  const body: ReactNode = (
    <>
      <FallbackNotice from={page.fallbackFrom ?? frame?.fallbackFrom ?? null} />
      <LiveUpdatesNotice />
      <UpdateOffer />
      <ContainedPage Page={Page} theme={page.theme} wanted={context.theme} what={{ kind: 'page', page: context.page }} failed={[]} />
    </>
  );
  if (!frame) return body;
  const Frame = frame.Component;
  return <Frame>{body}</Frame>;
}

function onPageError(error: unknown) {
  // The guarded loads escalate themselves; this is for a chunk a remote's page loads on its own.
  if (isChunkLoadError(error)) chunkGuard.escalate(error).catch(() => undefined);
}

/** One page from a theme remote, inside its frame, with the fallback chain and a boundary. */
export function ThemedPage(props: ThemedPageProps) {
  const { context } = props;
  // Another path clears a caught error: the page gets a fresh try, in a new pass.
  const { pathname } = useLocation();
  return (
    <PageContext.Provider value={context}>
      <ErrorBoundary resetKey={pathname} fallback={<LoadFailurePage />} onError={onPageError}>
        <Suspense fallback={<BootLoading />}>
          <Resolved {...props} />
        </Suspense>
      </ErrorBoundary>
    </PageContext.Provider>
  );
}
