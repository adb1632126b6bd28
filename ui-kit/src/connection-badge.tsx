import type { ReactNode } from 'react';
import { useTranslation } from '@member/shared-core';
import { cx } from '@member/shared-core';
import type { TestId } from '@member/shared-core';
import { UiIcon } from './icons';

/** "Connected" / "Not connected" as a small pill; the words carry the meaning, the colour only repeats it. */
export function ConnectionBadge({ connected, testId, className }: { connected: boolean; testId?: TestId; className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={cx('mc-badge', connected ? 'mc-badge--on' : 'mc-badge--off', className)} data-testid={testId}>
      {connected ? <UiIcon name="check" size={16} /> : null}
      {connected ? t('info.connected') : t('info.notConnected')}
    </span>
  );
}

/** A log-in method's state: its badge and one sentence about what it means for the member. */
export function ConnectionStatus({ connected, icon, children }: { connected: boolean; icon: ReactNode; children: ReactNode }) {
  return (
    <div className={cx('mc-status', connected && 'mc-status--on')}>
      <span className="mc-status__icon">{icon}</span>
      <div className="mc-status__body">
        <ConnectionBadge connected={connected} />
        <p className="mc-status__text">{children}</p>
      </div>
    </div>
  );
}
