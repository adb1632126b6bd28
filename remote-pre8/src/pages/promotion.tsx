import { PageShell } from '../page-shell';

export default function PromotionPage() {
  return <PageShell page="promotion" />;
}
