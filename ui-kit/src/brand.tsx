import { useTranslation } from '@member/shared-core';
import { useSite, useVersion } from '@member/shared-core';
import { testIds } from '@member/shared-core';

/** Logo and display name of the current brand. */
export function BrandMark({ className, logoSize = 40 }: { className?: string; logoSize?: number }) {
  const site = useSite();
  return (
    <span className={['mc-brand', className ?? ''].filter(Boolean).join(' ')}>
      <img
        className="mc-brand__logo"
        src={site.logo}
        alt={site.name}
        width={logoSize}
        height={logoSize}
        data-testid={testIds.siteLogo}
        decoding="async"
      />
      <span className="mc-brand__name" data-testid={testIds.siteName}>
        {site.name}
      </span>
    </span>
  );
}

export function VersionTag({ className }: { className?: string }) {
  const { t } = useTranslation();
  const version = useVersion();
  return (
    <span className={['mc-version', className ?? ''].filter(Boolean).join(' ')} data-testid={testIds.appVersion}>
      {t('app.version', { version })}
    </span>
  );
}
