import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { logoutAtom } from './logout';

/** Mounted by the /logout route: the logout runs once while the theme's page shows it happening. */
export function RunLogout() {
  const logout = useSetAtom(logoutAtom);
  useEffect(() => {
    void logout();
  }, [logout]);
  return null;
}
