import * as mc from '@member/shared-core';
import { PageShell } from '../page-shell';

export default function InfoPage() {
  return (
    <PageShell page="info">
      <mc.InfoScreen />
    </PageShell>
  );
}
