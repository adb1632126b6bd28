import { useTranslation } from '@member/shared-core';
import { usePage } from '@member/shared-core';
import { testIds } from '@member/shared-core';

/** The page's heading, from its key; the first thing a screen reader lands on. */
export function PageTitle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { page } = usePage();
  return (
    <h1 className={['mc-page-title', className ?? ''].filter(Boolean).join(' ')} data-testid={testIds.pageTitle} tabIndex={-1}>
      {t(`page.${page}`)}
    </h1>
  );
}
