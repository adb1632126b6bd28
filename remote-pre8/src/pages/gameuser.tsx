import * as ui from '@member/shared-core/ui';
import { PageShell } from '../page-shell';

export default function GameuserPage() {
  return (
    <PageShell page="gameuser">
      <ui.GameUserList />
    </PageShell>
  );
}
