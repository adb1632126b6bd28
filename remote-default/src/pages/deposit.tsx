import * as mc from '@member/shared-core';
import { PageShell } from '../page-shell';

export default function DepositPage() {
  return (
    <PageShell page="deposit">
      <mc.DepositScreen />
    </PageShell>
  );
}
