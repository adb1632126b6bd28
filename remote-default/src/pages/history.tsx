import * as ui from '@member/shared-core/ui';
import { PageShell } from '../page-shell';

export default function HistoryPage() {
  return (
    <PageShell page="history">
      <ui.HistoryList />
    </PageShell>
  );
}
