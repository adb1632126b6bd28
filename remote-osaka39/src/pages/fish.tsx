import { PageShell } from '../page-shell';

export default function FishPage() {
  return <PageShell page="fish" />;
}
