import * as ui from '@member/shared-core/ui';
import { PageShell } from '../page-shell';

export default function WithdrawPage() {
  return (
    <PageShell page="withdraw">
      <ui.WithdrawForm />
    </PageShell>
  );
}
