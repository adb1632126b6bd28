import { PageShell } from '../page-shell';

export default function RegisterPage() {
  return <PageShell page="register" />;
}
