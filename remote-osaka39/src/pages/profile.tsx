import * as ui from '@member/shared-core/ui';
import { PageShell } from '../page-shell';

export default function ProfilePage() {
  return (
    <PageShell page="profile">
      <ui.ProfileScreen />
    </PageShell>
  );
}
