import { PageShell } from '../page-shell';

export default function InfoPage() {
  return <PageShell page="info" />;
}
