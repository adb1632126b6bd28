import * as ui from '@member/ui-kit';
import { PageShell } from '../page-shell';

export default function InfoPage() {
  return (
    <PageShell page="info">
      <ui.InfoScreen />
    </PageShell>
  );
}
