import * as mc from '@member/shared-core';
import { PageShell } from '../page-shell';

export default function RegisterPage() {
  return (
    <PageShell page="register">
      <mc.RegisterForm />
    </PageShell>
  );
}
