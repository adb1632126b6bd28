import { useTranslation } from '@member/shared-core';
import { Link, useConnectPhone } from '@member/shared-core';
import { cx } from '@member/shared-core';
import { ConnectionStatus } from './connection-badge';
import { UiIcon } from './icons';

/** Whether the member can log in with phone and password; if not, the way to connect a phone. */
export function PhoneAuthPanel({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { connectedPhone } = useConnectPhone();
  return (
    <div className={cx('mc-form', className)}>
      <ConnectionStatus connected={connectedPhone !== null} icon={<UiIcon name="phone" />}>
        {connectedPhone ? t('info.phoneConnectedInfo', { phone: connectedPhone }) : t('info.phoneNotConnectedInfo')}
      </ConnectionStatus>
      {connectedPhone ? null : (
        <Link to="/info/connectPhone" className="mc-btn mc-btn--primary mc-btn--block">
          {t('info.connectPhone')}
          <UiIcon name="chevronRight" />
        </Link>
      )}
    </div>
  );
}
