import * as ui from '@member/ui-kit';
import { PageShell } from '../page-shell';

export default function WithdrawPage() {
  return (
    <PageShell page="withdraw">
      <ui.WithdrawForm />
    </PageShell>
  );
}
