import * as ui from '@member/ui-kit';
import { PageShell } from '../page-shell';

export default function DepositPage() {
  return (
    <PageShell page="deposit">
      <ui.DepositScreen />
    </PageShell>
  );
}
