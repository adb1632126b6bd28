import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { prefixStatusAtom, runtimeConfigAtom } from '../state/boot';
import { PageRoute } from './page-route';
import { CheckLinePage } from './check-line-page';
import { CheckMemberPage } from './check-member-page';
import { NotFound } from './screens';

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
  // SPEC §2: a failed prefix check shows the 404 for whatever was asked.
  if (prefixStatus === 'invalid') return <NotFound path={pathname} />;
  return (
    <Routes>
      <Route path="/" element={<RootRedirect />} />
      <Route path="/404" element={<NotFoundHere />} />
      <Route path="/check/line" element={<CheckLinePage />} />
      <Route path="/check/member" element={<CheckMemberPage />} />
      <Route path="/:page" element={<PageRoute />} />
      <Route path="/:page/:sub" element={<PageRoute />} />
      <Route path="/:page/theme/:theme" element={<PageRoute />} />
      <Route path="/:page/theme/:theme/:sub" element={<PageRoute />} />
      <Route path="*" element={<NotFoundHere />} />
    </Routes>
  );
}
