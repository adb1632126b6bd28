import * as ui from '@member/ui-kit';
import { PageShell } from '../page-shell';

export default function GameuserPage() {
  return (
    <PageShell page="gameuser">
      <ui.GameUserList />
    </PageShell>
  );
}
