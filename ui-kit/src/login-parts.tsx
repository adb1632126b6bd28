import { useTranslation } from '@member/shared-core';
import { useSite } from '@member/shared-core';
import { cx } from '@member/shared-core';
import { testIds } from '@member/shared-core';
import { safeUrl } from '@member/shared-core/helpers/safe-url';
import { LineIcon } from './icons';

/** Blocks of the login screen, apart from the frame's, so the first screen carries no menu or footer code. */

interface LineContactProps {
  className?: string;
  iconClassName?: string;
  labelClassName?: string;
}

/**
 * The brand's LINE contact, opened in a new tab; absent when the brand has none. A guest on a site divided by game
 * user sees every division's contact, since none of them is theirs yet.
 */
export function LineContact(props: LineContactProps) {
  const site = useSite();
  if (site.lineId) return <OneLineContact id={site.lineId} link={site.lineLink} {...props} />;
  if (!site.lineContacts?.length) return null;
  return (
    <span className="mc-line-contacts">
      {site.lineContacts.map((contact) => (
        <OneLineContact key={contact.id} id={contact.id} link={contact.link} {...props} />
      ))}
    </span>
  );
}

function OneLineContact({ id, link, className, iconClassName, labelClassName }: LineContactProps & { id: string; link: string }) {
  const { t } = useTranslation();
  const label = t('layout.lineId', { id });
  const body = (
    <>
      <LineIcon className={cx('mc-line-contact__icon', iconClassName)} />
      <span className={labelClassName}>{label}</span>
    </>
  );
  // Checked here as well as in the host's sites.json check: a host of an older contract may hand over any string.
  const href = safeUrl(link);
  if (href === null) {
    return (
      <span className={cx('mc-line-contact', className)} data-testid={testIds.lineContact}>
        {body}
      </span>
    );
  }
  return (
    <a
      className={cx('mc-line-contact', className)}
      href={href}
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
