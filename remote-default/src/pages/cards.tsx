import { PageShell } from '../page-shell';

export default function CardsPage() {
  return <PageShell page="cards" />;
}
