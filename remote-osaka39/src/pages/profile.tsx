import * as ui from '@member/ui-kit';
import { PageShell } from '../page-shell';

export default function ProfilePage() {
  return (
    <PageShell page="profile">
      <ui.ProfileScreen />
    </PageShell>
  );
}
