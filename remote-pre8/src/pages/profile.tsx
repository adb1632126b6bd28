import * as mc from '@member/shared-core';
import { PageShell } from '../page-shell';

export default function ProfilePage() {
  return (
    <PageShell page="profile">
      <mc.ProfileScreen />
    </PageShell>
  );
}
