import { Suspense, use, useEffect, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContext, testIds, type LayoutProps, type PageContextValue, type ThemeName } from '@member/shared-core';
import { layoutComponent, themedComponent, type LoadedComponent } from '../federation/theme-loader';
import { browserReloadGuardDeps, isChunkLoadError, reloadOnChunkError } from '../lib/reload-guard';
import { markFirstPageShown } from '../federation/first-page';
import { loadPageHooks } from '../bridge/page-hooks';
import { BootLoading, BuiltInPage } from './screens';
import { ErrorBoundary } from './error-boundary';

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

function Resolved({ context, frameTheme }: ThemedPageProps) {
  // Started together so the page, its frame and the host's page logic download side by side.
  const pending = themedComponent<object>(context.theme, { kind: 'page', page: context.page });
  const framePending = frameTheme ? layoutComponent(frameTheme) : null;
  const hooksPending = loadPageHooks(context.page);
  const page = use(pending) as LoadedComponent<object>;
  const frame: LoadedComponent<LayoutProps> | null = framePending ? use(framePending) : null;
  if (hooksPending) use(hooksPending);
  const Page = page.Component as ComponentType;
  useEffect(markFirstPageShown, []);
  const body: ReactNode = (
    <>
      <FallbackNotice from={page.fallbackFrom ?? frame?.fallbackFrom ?? null} />
      <Page />
    </>
  );
  if (!frame) return body;
  const Frame = frame.Component;
  return <Frame>{body}</Frame>;
}

function onPageError(error: unknown) {
  if (isChunkLoadError(error)) reloadOnChunkError(browserReloadGuardDeps());
}

/** One page from a theme remote, inside its frame, with the fallback chain and a boundary. */
export function ThemedPage(props: ThemedPageProps) {
  const { context } = props;
  return (
    <PageContext.Provider value={context}>
      <ErrorBoundary resetKey={`${context.theme}/${context.page}/${context.sub ?? ''}`} fallback={<BuiltInPage />} onError={onPageError}>
        <Suspense fallback={<BootLoading />}>
          <Resolved {...props} />
        </Suspense>
      </ErrorBoundary>
    </PageContext.Provider>
  );
}
