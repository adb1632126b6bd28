import type { EarlyPage } from './page';

/** When the app's entry runs, and what goes with it. */
export interface AppStart {
  /** Runs the entry once: after the shell's first paint, when no shell is coming, or at the bound. */
  start: () => void;
  /** Asks for something the app loads the moment it runs: now if it runs already, else with the entry. */
  withApp: (ask: () => void) => void;
  /** A member's own code, preloaded with the entry (brand.ts `memberCode`). */
  setMemberCode: (files: string[]) => void;
  /** Holds the entry back for a lobby's list (first-calls.ts), until `release` or the bound. */
  hold: () => void;
  release: () => void;
}

/**
 * What the app loads the moment it runs (the first page's theme chunks, a member's own code) is asked for with the
 * entry, once the brand has painted: the brand goes first, and these still download beside the app's own code.
 *
 * The list first: on a member's lobby drawn in the HTML whose list this device does not keep, the list is what the
 * page is for, and on a phone's network the app's code would share the line with it. The frame holds the app's
 * script preloads in a template (drawn-document.ts); they go with the entry when the app starts, which waits for the
 * list call to be answered or to fail, for the list not to be sent after all, or for the bound, whichever comes first.
 */
export function appStart({ doc, hints, early, link }: EarlyPage): AppStart {
  let started = false;
  let holding = false;
  let startAsked = false;
  let memberCode: string[] = [];
  const asks: (() => void)[] = [];
  const openHeldCode = () => {
    const held = doc.querySelector<HTMLTemplateElement>('template[' + hints.heldCodeAttribute + ']');
    if (!held) return;
    held.remove();
    doc.head.appendChild(doc.importNode(held.content, true));
  };
  const start = () => {
    if (started) return;
    if (holding) {
      startAsked = true;
      return;
    }
    started = true;
    openHeldCode();
    for (const ask of asks) ask();
    for (const file of memberCode) link('preload', file, 'script', false, 'low');
    for (const src of hints.entry) {
      const script = doc.createElement('script');
      script.src = src;
      // Inserted scripts run as they arrive unless told otherwise; the entry's run in order.
      script.async = false;
      doc.head.appendChild(script);
    }
  };
  early.startApp = start;
  return {
    start,
    withApp: (ask) => (started ? ask() : asks.push(ask)),
    setMemberCode: (files) => {
      memberCode = files;
    },
    hold: () => {
      holding = true;
    },
    release: () => {
      if (!holding) return;
      holding = false;
      if (startAsked) start();
    },
  };
}
