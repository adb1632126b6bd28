import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { testIds } from '@member/shared-core';
import { applyUpdateAtom, updateApplyingAtom, updateOfferAtom } from './update-state';

/**
 * "A new version is ready", with a reload button: shown once a new host's worker waits and no withdrawal is unresolved
 * (update-rule.ts). Nothing reloads until the member presses. The status region is always in the page, so a screen
 * reader hears the offer when it comes; it says the offer's state (`data-update`: none, deferred or offered). Once
 * pressed, the button says the new version is loading until the page reloads, and a press again does nothing more.
 */
export function UpdateOffer() {
  const offer = useAtomValue(updateOfferAtom);
  const applying = useAtomValue(updateApplyingAtom);
  const apply = useSetAtom(applyUpdateAtom);
  const { t } = useTranslation();
  return (
    <div className="host-update-offer" role="status" data-update={offer}>
      {offer === 'offered' ? (
        <p className="host-update-offer__message" data-testid={testIds.updateOffer}>
          <span>{t('update.ready')}</span>
          <button
            type="button"
            className="host-btn host-update-offer__reload"
            data-testid={testIds.updateReload}
            aria-disabled={applying || undefined}
            onClick={() => apply()}
          >
            {applying ? t('app.loading') : t('update.reload')}
          </button>
        </p>
      ) : null}
    </div>
  );
}
