import * as ui from '@member/ui-kit';
import { PageShell } from '../page-shell';

export default function RegisterPage() {
  return (
    <PageShell page="register">
      <ui.RegisterForm />
    </PageShell>
  );
}
