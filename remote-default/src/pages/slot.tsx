import { PageShell } from '../page-shell';

export default function SlotPage() {
  return <PageShell page="slot" />;
}
