import { useTranslation } from '@member/shared-core';
import { useLineConnect } from '@member/shared-core';
import { cx } from '@member/shared-core';
import { testIds } from '@member/shared-core';
import { Button } from './button';
import { ConnectionStatus } from './connection-badge';
import { FormError } from './form-messages';
import { LineIcon } from './icons';

/** Whether LINE log-in is connected; if not, what it gives and the button that starts connecting it. */
export function LineConnectPanel({ className }: { className?: string }) {
  const { t } = useTranslation();
  const line = useLineConnect();
  const error = line.connected ? null : (line.error ?? (line.failed ? t('info.errors.lineConnectFailed') : null));
  return (
    <div className={cx('mc-form', className)}>
      <ConnectionStatus connected={line.connected} icon={<LineIcon />}>
        {line.connected ? t('info.lineConnectedInfo') : t('info.lineNotConnectedInfo')}
      </ConnectionStatus>
      <FormError message={error} />
      {line.connected ? null : (
        <Button variant="line" block busy={line.pending} onClick={line.start} data-testid={testIds.lineConnectButton}>
          {line.pending ? null : <LineIcon />}
          {t('info.connectLine')}
        </Button>
      )}
    </div>
  );
}
