import * as mc from '@member/shared-core';
import { PageShell } from '../page-shell';

export default function WithdrawPage() {
  return (
    <PageShell page="withdraw">
      <mc.WithdrawForm />
    </PageShell>
  );
}
