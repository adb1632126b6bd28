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
  const { t } = useTranslation();
  const site = useSite();
  if (site.lineId) return <OneLineContact id={site.lineId} link={site.lineLink} {...props} />;
  if (!site.lineContacts?.length) return null;
  // Each division's contact says whose it is: the game user names it serves (a 2.1 host names none).
  const named = site.lineContacts.some((contact) => contact.division);
  return (
    <span className={cx('mc-line-contacts', named && 'mc-line-contacts--named')}>
      {named ? <span className="mc-line-contacts__title">{t('layout.lineByDivision')}</span> : null}
      {site.lineContacts.map((contact) => (
        <OneLineContact key={contact.id} id={contact.id} link={contact.link} division={contact.division} {...props} />
      ))}
    </span>
  );
}

function OneLineContact({
  id,
  link,
  division,
  className,
  iconClassName,
  labelClassName,
}: LineContactProps & { id: string; link: string; division?: string | undefined }) {
  const { t } = useTranslation();
  const label = t('layout.lineId', { id });
  const body = (
    <>
      <LineIcon className={cx('mc-line-contact__icon', iconClassName)} />
      <span className={labelClassName}>
        {division ? <span className="mc-line-contact__division">{t('layout.lineDivision', { division })}</span> : null}
        {label}
      </span>
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
  return <p className={className}>{t('login.subheading', { site: site.name })}</p>;
}
