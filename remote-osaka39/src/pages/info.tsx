import * as ui from '@member/shared-core/ui';
import { PageShell } from '../page-shell';

export default function InfoPage() {
  return (
    <PageShell page="info">
      <ui.InfoScreen />
    </PageShell>
  );
}
