import { PageShell } from '../page-shell';

export default function DepositPage() {
  return <PageShell page="deposit" />;
}
