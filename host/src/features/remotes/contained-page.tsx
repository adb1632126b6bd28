import { Suspense, use, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { testIds, type ThemeName } from '@member/shared-core';
import { ErrorBoundary } from '../../core/base/error-boundary';
import { isChunkLoadError } from '../../core/lib/reload-guard';
import { BootLoading, LoadFailurePage } from '../../core/base/screens';
import { nextStandIn, standInComponent, type Exposed } from './theme-loader';

/** Hands a chunk that would not load on to the page's outer boundary, whose guard reloads for a redeploy. */
function Rethrow({ error }: { error: unknown }): never {
  throw error;
}

function CrashNotice({ wanted }: { wanted: ThemeName }) {
  const { t } = useTranslation();
  return (
    <p
      className="host-fallback-notice"
      role="status"
      data-testid={testIds.themeFallbackNotice}
      data-wanted-theme={wanted}
      data-reason="render-error"
    >
      {t('fallback.crashed')}
    </p>
  );
}

interface ContainedProps {
  Page: ComponentType;
  /** The theme whose code this is. */
  theme: ThemeName;
  /** The theme the page was asked of. */
  wanted: ThemeName;
  what: Exposed;
  /** Themes whose page already failed to render at this path. */
  failed: readonly ThemeName[];
}

/**
 * A theme page whose render fails stays inside its frame: the same page is drawn by the next theme in line (the
 * default theme, then the others), under a notice saying so, and the failure is reported. Only when every theme's
 * page has failed does the host's own page stand in, still inside the frame.
 */
export function ContainedPage({ Page, theme, wanted, what, failed }: ContainedProps) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      theme={theme}
      resetKey={pathname}
      fallback={(error) =>
        isChunkLoadError(error) ? <Rethrow error={error} /> : <StandIn wanted={wanted} what={what} failed={[...failed, theme]} />
      }
    >
      <Page />
    </ErrorBoundary>
  );
}

function StandIn({ wanted, what, failed }: { wanted: ThemeName; what: Exposed; failed: readonly ThemeName[] }) {
  const next = nextStandIn(wanted, failed);
  if (!next) return <LoadFailurePage />;
  return (
    <Suspense fallback={<BootLoading />}>
      <LoadedStandIn theme={next} wanted={wanted} what={what} failed={failed} />
    </Suspense>
  );
}

function LoadedStandIn({
  theme,
  wanted,
  what,
  failed,
}: {
  theme: ThemeName;
  wanted: ThemeName;
  what: Exposed;
  failed: readonly ThemeName[];
}) {
  const loaded = use(standInComponent(theme, what));
  if (!loaded) return <StandIn wanted={wanted} what={what} failed={[...failed, theme]} />;
  return (
    <>
      <CrashNotice wanted={wanted} />
      <ContainedPage Page={loaded as ComponentType} theme={theme} wanted={wanted} what={what} failed={[...failed, theme]} />
    </>
  );
}
