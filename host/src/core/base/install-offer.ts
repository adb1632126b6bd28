import { atom } from 'jotai';

/** Chromium's event, fired once the page's manifest makes the site installable: its `prompt()` shows the install dialog. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/**
 * How this browser lets the member put the site on the home screen: `prompt` holds the browser's offer (it can be
 * used once), `ios` is Safari on iOS, which offers no prompt but adds a page from its Share menu, `none` otherwise
 * (nothing offered yet, or the site already runs as an installed app).
 */
export type InstallState = { kind: 'none' } | { kind: 'prompt'; event: BeforeInstallPromptEvent } | { kind: 'ios' };

const stateAtom = atom<InstallState>({ kind: 'none' });
export const installStateAtom = atom((get) => get(stateAtom));

type InstallWindow = Pick<Window, 'addEventListener' | 'removeEventListener' | 'matchMedia'> & {
  navigator: Navigator & { standalone?: boolean };
};

/** The site already runs as an installed app (a standalone window, or iOS's home-screen mode). */
export function runsInstalled(win: InstallWindow): boolean {
  return (
    win.navigator.standalone === true ||
    ['standalone', 'fullscreen', 'minimal-ui'].some((mode) => win.matchMedia?.(`(display-mode: ${mode})`).matches)
  );
}

/**
 * Safari on an iPhone or iPad, where "Add to Home Screen" in the Share menu installs the site: not another browser's
 * shell around the same engine (Chrome, Firefox, Edge…), nor an app's own browser (LINE, Facebook), which has no
 * such menu. An iPad asking for desktop pages says it is a Mac, and is told apart by its touch screen.
 */
export function isIosSafari(nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'>): boolean {
  const ua = nav.userAgent;
  const ios = /\b(iPhone|iPad|iPod)\b/.test(ua) || (/\bMacintosh\b/.test(ua) && nav.maxTouchPoints > 1);
  return (
    ios &&
    /\bSafari\//.test(ua) &&
    /\bVersion\//.test(ua) &&
    !/\b(CriOS|FxiOS|EdgiOS|OPiOS|GSA|YaBrowser|DuckDuckGo|Line|FBAN|FBAV|Instagram)\b/i.test(ua)
  );
}

/**
 * Starts listening for the browser's offer. Called by the boot before the page links its manifest (the app does that
 * once the site is known), so the offer, which needs the manifest, cannot come before the listener. The browser's own
 * mini-infobar is held back (preventDefault): the member is offered the menu's entry instead. Returns a stop function.
 */
export const watchInstallOfferAtom = atom(null, (_get, set, win: InstallWindow = window): (() => void) => {
  if (runsInstalled(win)) return () => undefined;
  if (isIosSafari(win.navigator)) set(stateAtom, { kind: 'ios' });
  const onOffer = (event: Event) => {
    event.preventDefault();
    set(stateAtom, { kind: 'prompt', event: event as BeforeInstallPromptEvent });
  };
  const onInstalled = () => set(stateAtom, { kind: 'none' });
  win.addEventListener('beforeinstallprompt', onOffer);
  win.addEventListener('appinstalled', onInstalled);
  return () => {
    win.removeEventListener('beforeinstallprompt', onOffer);
    win.removeEventListener('appinstalled', onInstalled);
  };
});

/**
 * Asks the browser's install dialog. An offer serves once: whatever the member answers, the entry goes until the
 * browser makes a new one (it does, later, while the site stays installable and is not installed).
 */
export const installAtom = atom(null, async (get, set): Promise<void> => {
  const state = get(stateAtom);
  if (state.kind !== 'prompt') return;
  set(stateAtom, { kind: 'none' });
  try {
    await state.event.prompt();
    await state.event.userChoice;
  } catch (error) {
    console.warn('[install] the browser refused the prompt', error);
  }
});
