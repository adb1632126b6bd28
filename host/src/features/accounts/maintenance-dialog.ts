import i18next from 'i18next';
import type { Service } from '@member/shared-core';
import { retryOnce } from '../../core/lib/chunk-guard';
import { session } from '../../core/lib/safe-storage';
import { formatUntil } from '@member/shared-core/helpers/format';

/** sweetalert2 loads on first use, never on first paint; it keeps focus inside and gives it back when closed. */
async function warn(textKey: string, testId: string, more?: string): Promise<void> {
  const { default: Swal } = await retryOnce(() => import(/* webpackChunkName: "dialogs" */ '../../core/lib/sweetalert'));
  await Swal.fire({
    icon: 'warning',
    title: i18next.t('games.maintain.title'),
    text: more ? `${i18next.t(textKey)} · ${more}` : i18next.t(textKey),
    confirmButtonText: i18next.t('games.maintain.confirm'),
    returnFocus: true,
    didOpen: (popup) => popup.setAttribute('data-testid', testId),
  });
}

/**
 * 'Gclub Maintain' / 'Ufa Maintain' (Thai ปิดปรับปรุง), title Warning! (แจ้งเตือน), button Confirm (ยืนยัน); after it the
 * provider by name (the Thai text does not name it), and the time it is planned to be back where it said.
 */
export function showMaintenanceDialog(service: Service, until: string | null = null): Promise<void> {
  const locale = i18next.language === 'en' ? 'en' : 'th';
  const back = until ? formatUntil(until, locale) : '';
  const detail = back ? i18next.t('games.maintain.until', { service, time: back }) : i18next.t('games.maintain.service', { service });
  return warn(service === 'GCLUB' ? 'games.maintain.gclub' : 'games.maintain.ufa', 'maintenance-dialog', detail);
}

const toldKey = (service: Service, prefix: string) => `maintenance-told-${service}-${prefix}`;

/**
 * The maintenance a page finds on its own (loading the accounts) is told once per visit of the site per provider:
 * not again on every page or reload of the tab while it lasts. A tap on that provider's game, or a switch to it,
 * always says it (`showMaintenanceDialog`).
 */
export function tellMaintenanceOnce(service: Service, prefix: string, until: string | null = null): Promise<void> {
  if (session.get(toldKey(service, prefix)) === '1') return Promise.resolve();
  session.set(toldKey(service, prefix), '1');
  return showMaintenanceDialog(service, until);
}

/** The provider is open again: its next maintenance is told again. */
export function maintenanceOver(service: Service, prefix: string): void {
  session.remove(toldKey(service, prefix));
}

/** A brand whose url token is '-': 'Games are not available yet.', same title and button. */
export function showNotOpenDialog(): Promise<void> {
  return warn('games.notOpen', 'not-open-dialog');
}
