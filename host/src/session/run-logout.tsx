import { useEffect } from 'react';
import { performLogout } from './logout';

/** Mounted by the /logout route: the logout runs once while the theme's page shows it happening. */
export function RunLogout() {
  useEffect(() => {
    void performLogout();
  }, []);
  return null;
}
