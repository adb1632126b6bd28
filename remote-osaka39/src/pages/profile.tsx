import { PageShell } from '../page-shell';

export default function ProfilePage() {
  return <PageShell page="profile" />;
}
