import * as ui from '@member/ui-kit';
import { PageShell } from '../page-shell';

/** Logout stands alone, without the site frame, and shows the host logging the member out. */
export default function LogoutPage() {
  return <PageShell page="logout" standalone intro={<ui.LogoutStatus />} />;
}
