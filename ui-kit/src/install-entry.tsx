import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { cx, testIds, useBridge, useSite, useTranslation, type InstallOffer } from '@member/shared-core';
import { Button } from './button';
import { OutlineIcon } from './icons';

/** A phone with a plus: "put this on the home screen". */
const INSTALL_ICON = 'M8 2h8a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2ZM12 8v6M9 11h6M11 18h2';
/** Safari's Share button: a square with an arrow pointing up out of it. */
const SHARE_ICON =
  'M8 9H6.5A1.5 1.5 0 0 0 5 10.5v9A1.5 1.5 0 0 0 6.5 21h11a1.5 1.5 0 0 0 1.5-1.5v-9A1.5 1.5 0 0 0 17.5 9H16M12 3v11M8.5 6.5 12 3l3.5 3.5';

/**
 * The host's install offer (contract 2.2). Read through `useBridge`, which every 2.x host has, so a theme with this
 * entry still runs on an older host, which offers nothing: the entry is simply not drawn.
 */
export function useInstallOffer(): InstallOffer | null {
  return useBridge().install ?? null;
}

export interface InstallEntryProps {
  /** The class of the control, the theme's menu link class so the entry looks like the others. */
  className?: string;
  iconClassName?: string;
  labelClassName?: string;
  iconSize?: number;
}

/**
 * "Add to home screen", where the browser lets the member install the site: a button that asks the browser's own
 * install dialog, or on iOS Safari (which has none) opens the steps to add it from the Share menu. Nothing when the
 * browser offers neither, or the site already runs as an installed app.
 */
export function InstallEntry({ className, iconClassName, labelClassName, iconSize = 24 }: InstallEntryProps) {
  const { t } = useTranslation();
  const offer = useInstallOffer();
  const [busy, setBusy] = useState(false);
  const [steps, setSteps] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  if (!offer) return null;
  const onClick = () => {
    if (offer.kind === 'ios') {
      setSteps(true);
      return;
    }
    setBusy(true);
    offer.install().finally(() => setBusy(false));
  };
  return (
    <>
      <button
        ref={opener}
        type="button"
        className={cx('mc-menu__link', 'mc-menu__install', className)}
        onClick={onClick}
        aria-busy={busy || undefined}
        aria-haspopup={offer.kind === 'ios' ? 'dialog' : undefined}
        data-testid={testIds.installEntry}
      >
        {iconClassName !== undefined ? (
          <span className={iconClassName}>
            <OutlineIcon d={INSTALL_ICON} size={iconSize} strokeWidth="1.8" />
          </span>
        ) : null}
        <span className={labelClassName}>{t('install.entry')}</span>
      </button>
      {offer.kind === 'ios' && steps ? <IosInstallSteps onClose={() => setSteps(false)} returnFocusTo={opener} /> : null}
    </>
  );
}

/**
 * Tab and Shift+Tab go round the dialog's own controls: a modal dialog makes the page behind it inert, but the browser
 * would still let focus leave for its own toolbar.
 */
function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return;
  const controls = [
    ...event.currentTarget.querySelectorAll<HTMLElement>('button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])'),
  ];
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey ? active === first || !event.currentTarget.contains(active) : active === last) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}

/**
 * The steps to add the site from Safari's Share menu, in a modal dialog: the rest of the page is inert while it is
 * open and focus stays inside, Escape or the button closes it, and focus goes back to the entry that opened it.
 */
export function IosInstallSteps({ onClose, returnFocusTo }: { onClose: () => void; returnFocusTo?: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation();
  const { name: siteName } = useSite();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    const opener = returnFocusTo?.current ?? null;
    if (!element) return;
    if (!element.open) element.showModal?.();
    return () => {
      if (element.open) element.close();
      opener?.focus();
    };
  }, [returnFocusTo]);
  return (
    <dialog
      ref={dialog}
      className="mc-install-steps"
      aria-labelledby="mc-install-steps-title"
      onClose={onClose}
      onKeyDown={keepFocusInside}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      data-testid={testIds.installIosDialog}
    >
      <h2 id="mc-install-steps-title" className="mc-install-steps__title">
        {t('install.iosTitle', { site: siteName })}
      </h2>
      <p className="mc-install-steps__intro">{t('install.iosIntro')}</p>
      <ol className="mc-install-steps__list">
        <li>
          <span className="mc-install-steps__icon">
            <OutlineIcon d={SHARE_ICON} size={22} strokeWidth="1.8" />
          </span>
          {t('install.iosStep1')}
        </li>
        <li>{t('install.iosStep2')}</li>
        <li>{t('install.iosStep3')}</li>
      </ol>
      <Button variant="primary" block onClick={onClose} data-testid={testIds.installIosClose}>
        {t('install.close')}
      </Button>
    </dialog>
  );
}
