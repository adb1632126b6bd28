import * as ui from '@member/shared-core/ui';
import { PageShell } from '../page-shell';

export default function PromotionPage() {
  return (
    <PageShell page="promotion">
      <ui.PromotionPanel />
    </PageShell>
  );
}
