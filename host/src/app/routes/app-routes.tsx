import { Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { themeVariantPath } from '@member/shared-core';
import { prefixStatusAtom, runtimeConfigAtom } from '../../core/base/boot-state';
import { PageRoute } from './page-route';
import { BootLoading, NotFound } from '../../core/base/screens';
import { loadMemberStrings } from '../../core/i18n/init-i18n';
import { enterPath } from '../../core/lib/load-pass';
import { guardedLazy } from './guarded-lazy';

// Landing pages of the LINE round trip: nobody's first screen, so their code loads when they are reached.
const CheckLinePage = guardedLazy(
  'check-line',
  () => import('../../features/session/check-line-page').then((m) => m.CheckLinePage),
  loadMemberStrings,
);
const CheckMemberPage = guardedLazy('check-member', () =>
  import('../../features/session/check-member-page').then((m) => m.CheckMemberPage),
);

function RootRedirect() {
  const config = useAtomValue(runtimeConfigAtom);
  const { search } = useLocation();
  return <Navigate to={`${config?.rootRedirect ?? '/login'}${search}`} replace />;
}

function NotFoundHere() {
  const { pathname } = useLocation();
  return <NotFound path={pathname} />;
}

export function AppRoutes() {
  const prefixStatus = useAtomValue(prefixStatusAtom);
  const { pathname } = useLocation();
  // Before any page below asks for its code: another path is a new pass, where failed loads are tried again.
  enterPath(pathname);
  // A failed prefix check shows the 404 for whatever was asked.
  if (prefixStatus === 'invalid') return <NotFound path={pathname} />;
  return (
    <Routes>
      <Route path="/" element={<RootRedirect />} />
      <Route path="/404" element={<NotFoundHere />} />
      <Route
        path="/check/line"
        element={
          <Suspense fallback={<BootLoading />}>
            <CheckLinePage />
          </Suspense>
        }
      />
      <Route
        path="/check/member"
        element={
          <Suspense fallback={<BootLoading />}>
            <CheckMemberPage />
          </Suspense>
        }
      />
      <Route path="/:page" element={<PageRoute />} />
      <Route path="/:page/:sub" element={<PageRoute />} />
      <Route path={themeVariantPath(':page', ':theme')} element={<PageRoute />} />
      <Route path={themeVariantPath(':page', ':theme', ':sub')} element={<PageRoute />} />
      <Route path="*" element={<NotFoundHere />} />
    </Routes>
  );
}
