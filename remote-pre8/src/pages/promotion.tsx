import * as mc from '@member/shared-core';
import { PageShell } from '../page-shell';

export default function PromotionPage() {
  return (
    <PageShell page="promotion">
      <mc.PromotionPanel />
    </PageShell>
  );
}
