import * as mc from '@member/shared-core';
import { PageShell } from '../page-shell';

export default function GameuserPage() {
  return (
    <PageShell page="gameuser">
      <mc.GameUserList />
    </PageShell>
  );
}
