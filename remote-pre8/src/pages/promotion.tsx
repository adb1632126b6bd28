import * as ui from '@member/ui-kit';
import { PageShell } from '../page-shell';

export default function PromotionPage() {
  return (
    <PageShell page="promotion">
      <ui.PromotionPanel />
    </PageShell>
  );
}
