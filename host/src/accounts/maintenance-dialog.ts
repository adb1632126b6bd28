import i18next from 'i18next';
import type { Service } from '@member/shared-core';
import { retryOnce } from '../lib/chunk-guard';

/** sweetalert2 loads on first use, never on first paint; it keeps focus inside and gives it back when closed. */
async function warn(textKey: string, testId: string): Promise<void> {
  const { default: Swal } = await retryOnce(() => import(/* webpackChunkName: "dialogs" */ '../lib/sweetalert'));
  await Swal.fire({
    icon: 'warning',
    title: i18next.t('games.maintain.title'),
    text: i18next.t(textKey),
    confirmButtonText: i18next.t('games.maintain.confirm'),
    returnFocus: true,
    didOpen: (popup) => popup.setAttribute('data-testid', testId),
  });
}

/** 'Gclub Maintain' / 'Ufa Maintain' (Thai ปิดปรับปรุง), title Warning! (แจ้งเตือน), button Confirm (ยืนยัน). */
export function showMaintenanceDialog(service: Service): Promise<void> {
  return warn(service === 'GCLUB' ? 'games.maintain.gclub' : 'games.maintain.ufa', 'maintenance-dialog');
}

/** A brand whose url token is '-': 'Games are not available yet.', same title and button. */
export function showNotOpenDialog(): Promise<void> {
  return warn('games.notOpen', 'not-open-dialog');
}
