import * as mc from '@member/shared-core';
import { PageShell } from '../page-shell';

export default function HistoryPage() {
  return (
    <PageShell page="history">
      <mc.HistoryList />
    </PageShell>
  );
}
