import * as ui from '@member/shared-core/ui';
import { PageShell } from '../page-shell';

export default function DepositPage() {
  return (
    <PageShell page="deposit">
      <ui.DepositScreen />
    </PageShell>
  );
}
