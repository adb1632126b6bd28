import { PageShell } from '../page-shell';

export default function GameuserPage() {
  return <PageShell page="gameuser" />;
}
