import { PageShell } from '../page-shell';

export default function HistoryPage() {
  return <PageShell page="history" />;
}
