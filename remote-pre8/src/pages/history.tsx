import * as ui from '@member/ui-kit';
import { PageShell } from '../page-shell';

export default function HistoryPage() {
  return (
    <PageShell page="history">
      <ui.HistoryList />
    </PageShell>
  );
}
