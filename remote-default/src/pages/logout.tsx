import { PageShell } from '../page-shell';

/** Logout stands alone, without the site frame. */
export default function LogoutPage() {
  return <PageShell page="logout" standalone />;
}
