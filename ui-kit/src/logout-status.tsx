import { useTranslation } from '@member/shared-core';
import { cx } from '@member/shared-core';

/** What the logout screen says while the host logs the member out: a spinner and the words, announced politely. */
export function LogoutStatus({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <p className={cx('mc-logout-status', className)} role="status">
      <span className="mc-spinner mc-logout-status__spinner" aria-hidden="true" />
      <span>{t('logout.inProgress')}</span>
    </p>
  );
}
