import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { testIds } from '@member/shared-core';
import { applyUpdateAtom, updateOfferAtom } from './update-state';

/**
 * "A new version is ready", with a reload button: shown once a new host's worker waits and no withdrawal is unresolved
 * (update-rule.ts). Nothing reloads until the member presses. The status region is always in the page, so a screen
 * reader hears the offer when it comes; it says the offer's state (`data-update`: none, deferred or offered).
 */
export function UpdateOffer() {
  const offer = useAtomValue(updateOfferAtom);
  const apply = useSetAtom(applyUpdateAtom);
  const { t } = useTranslation();
  return (
    <div className="host-update-offer" role="status" data-update={offer}>
      {offer === 'offered' ? (
        <p className="host-update-offer__message" data-testid={testIds.updateOffer}>
          <span>{t('update.ready')}</span>
          <button type="button" className="host-btn host-update-offer__reload" data-testid={testIds.updateReload} onClick={() => apply()}>
            {t('update.reload')}
          </button>
        </p>
      ) : null}
    </div>
  );
}
