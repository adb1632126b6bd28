import * as ui from '@member/shared-core/ui';
import { PageShell } from '../page-shell';

export default function RegisterPage() {
  return (
    <PageShell page="register">
      <ui.RegisterForm />
    </PageShell>
  );
}
