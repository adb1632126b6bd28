import { useTranslation } from 'react-i18next';
import { usePage } from '../bridge/context';
import { testIds } from '../test-ids';

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
