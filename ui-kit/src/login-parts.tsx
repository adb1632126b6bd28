import { useTranslation } from '@member/shared-core';
import { useSite } from '@member/shared-core';
import { cx } from '@member/shared-core';
import { testIds } from '@member/shared-core';
import { LineIcon } from './icons';

/** Blocks of the login screen, apart from the frame's, so the first screen carries no menu or footer code. */

const isWebLink = (href: string) => /^https?:\/\//i.test(href.trim());

/** The brand's LINE contact, opened in a new tab; absent when the brand has none. */
export function LineContact({ className, iconClassName, labelClassName }: { className?: string; iconClassName?: string; labelClassName?: string }) {
  const { t } = useTranslation();
  const site = useSite();
  if (!site.lineId) return null;
  const label = t('layout.lineId', { id: site.lineId });
  const body = (
    <>
      <LineIcon className={cx('mc-line-contact__icon', iconClassName)} />
      <span className={labelClassName}>{label}</span>
    </>
  );
  if (!isWebLink(site.lineLink)) {
    return (
      <span className={cx('mc-line-contact', className)} data-testid={testIds.lineContact}>
        {body}
      </span>
    );
  }
  return (
    <a
      className={cx('mc-line-contact', className)}
      href={site.lineLink}
      target="_blank"
      rel="noopener noreferrer"
      title={t('layout.contactLine')}
      data-testid={testIds.lineContact}
    >
      {body}
    </a>
  );
}

/** The login screen's welcome line. */
export function LoginWelcome({ className }: { className?: string }) {
  const { t } = useTranslation();
  return <p className={className}>{t('login.heading')}</p>;
}

/** "Log in to {site}" under the login title. */
export function LoginSubheading({ className }: { className?: string }) {
  const { t } = useTranslation();
  const site = useSite();
  return <p className={className}>{t('login.subheading', { site: site.web })}</p>;
}
