import { PageShell } from '../page-shell';

export default function WithdrawPage() {
  return <PageShell page="withdraw" />;
}
