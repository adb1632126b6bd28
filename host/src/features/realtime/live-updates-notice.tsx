import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { testIds } from '@member/shared-core';
import { liveUpdatesNoticeAtom } from './live-updates-state';

/**
 * Tells the member when live events do not reach them (the server refused us, or the browser is offline) and says
 * nothing when they do. The status region is always in the page, so a screen reader hears the notice come and go.
 */
export function LiveUpdatesNotice() {
  const notice = useAtomValue(liveUpdatesNoticeAtom);
  const { t } = useTranslation();
  return (
    <div className="host-live-notice" role="status">
      {notice ? (
        <p
          className={`host-live-notice__message host-live-notice__message--${notice}`}
          data-testid={testIds.liveUpdatesNotice}
          data-state={notice}
        >
          <span className="host-live-notice__dot" aria-hidden="true" />
          <span>{t(notice === 'offline' ? 'liveUpdates.offline' : 'liveUpdates.off')}</span>
        </p>
      ) : null}
    </div>
  );
}
