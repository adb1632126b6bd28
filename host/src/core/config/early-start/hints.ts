/** What the early start (index.ts) is handed by the build, and what it leaves the host's boot. */
export interface EarlyHints {
  /** The host's entry scripts, in order: run once the brand shell has painted. */
  entry: string[];
  /** The longest the entry waits for that paint, from the start of the page (APP_START_BOUND_MS). */
  appStartBoundMs: number;
  /**
   * On a page drawn in the HTML, the script that came with it (drawn-start.ts) runs the entry when the member has begun
   * to use the page; this is the longest it waits for that, from the start of the page (DRAWN_START_BOUND_MS).
   */
  drawnStartBoundMs: number;
  /**
   * The attribute of the `<template>` in which a member's lobby drawn in the HTML holds the app's script preloads back
   * (the list first, below).
   */
  heldCodeAttribute: string;
  /** The attribute on such a lobby's `<html>` naming the API base config.json gave when the page was drawn. */
  drawnApiAttribute: string;
  /** The longest the app's code waits for such a lobby's list, from the start of the page (LIST_FIRST_BOUND_MS). */
  listFirstBoundMs: number;
  /** The cookies (each name followed by the brand's key) that together mean a stored session. */
  sessionCookies: string[];
  /** What any page of a member with a stored session loads as soon as the app runs: the session check, the API client. */
  memberFiles: string[];
  /** What each page loads beside that (its hooks; a lobby's list request), by page key. */
  pageFiles: Record<string, string[]>;
  /** URL of the guest strings chunk per locale. */
  strings: { th: string; en: string };
  /** URL of the member strings chunk per locale (every page but login's). */
  memberStrings: { th: string; en: string };
  /** localStorage key of the member's language ('EN' means English). */
  localeKey: string;
  /** The language cookie ('en' means English), read when local storage holds no choice. */
  localeCookie: string;
  /** localStorage key of the member's scheme choice ('true' means dark). */
  darkKey: string;
  /** localStorage key (followed by the prefix) of the ground the brand's shell was last painted on. */
  groundKey: string;
  /** Pages shown without the theme's frame. */
  frameless: readonly string[];
  /** The source of shared-core's PAGE_PATH_PATTERN: a path's page, and the theme a `/{page}/theme/{THEME}` variant names. */
  pagePath: string;
  /** Key of the contract version in a remote's mf-manifest.json `metaData`, and the host's contract major. */
  contractKey: string;
  contractMajor: string;
  /** Key of the lowest host contract a remote needs, and the host's contract version. */
  minHostKey: string;
  contractVersion: string;
  /** The calls a member's first screen makes at once (core/api/early-calls.ts). */
  apiCalls: Record<'checkPrefix' | 'getProfile' | 'gclubGame', { method: 'get' | 'post'; path: string }>;
  /** How long a reply to one of those calls waits to be taken (core/config/early-fetches.ts EARLY_CALL_MAX_AGE_MS). */
  earlyCallMaxAgeMs: number;
  /** Per lobby page: where its brand choice is stored, its default, each brand's list URL and tag, and the open brands. */
  lobbies: Record<
    string,
    { storageKey: string; fallback: string; urls: Record<string, string>; tags: Record<string, string>; open: string[] }
  >;
  /** The local key (followed by the prefix) of the kept lists' tags and ages, and how old a kept list may be (features/lobby/kept-lists.ts). */
  keptListTagsKey: string;
  keptListMaxAgeMs: number;
  /** The local key of the newest release of each theme this device has run (features/remotes/release-memory.ts). */
  releasesKey: string;
  /** The signed lists' format (features/remotes/remote-signature.ts): the one that names the theme, sequence and expiry. */
  signedFormat: string;
}

/** A call to the operator's API the inline script sent (core/api/early-calls.ts); times are `Date.now()`. */
export interface EarlyCall {
  reply: Promise<Response>;
  sentAt: number;
  /** Set when the reply's headers arrived. */
  answeredAt?: number;
}

export interface EarlyFetches {
  config?: Promise<Response>;
  sites?: Promise<Response>;
  /** Manifest replies by absolute URL. */
  manifests: Record<string, Promise<Response>>;
  /** The replies for each manifest's signed list (signed-files.json beside it), by the manifest's absolute URL. */
  signedLists?: Record<string, Promise<Response>>;
  /**
   * Settles once the script has asked for every manifest it is going to ask for (or has given up), so the boot,
   * reading the same run-time files at the same moment, takes those replies rather than asking a second time.
   */
  manifestsAsked?: Promise<void>;
  /** The member's first API calls, by their key (core/api/early-calls.ts `earlyCallKey`). */
  calls?: Record<string, EarlyCall>;
  /** Runs the app's entry (once): what a page drawn in the HTML calls when the member has begun to use it. */
  startApp?: () => void;
}

export const EARLY_GLOBAL = '__memberEarly';

/** Local key (followed by the prefix) of the ground a brand's shell was last painted on: the brand's, not a member's. */
export const GROUND_KEY = 'brandGround_';

/**
 * The longest the app's entry waits for the brand shell's first paint, counted from the start of the page. On a
 * fast connection the shell paints in a few milliseconds; the bound only matters when sites.json or the logo is
 * slow, and then the member's form is worth more than the logo.
 */
export const APP_START_BOUND_MS = 1200;

/** The longest the entry waits on a page drawn in the HTML, whose member can read and type without it. */
export const DRAWN_START_BOUND_MS = 10_000;

/**
 * The longest a member's lobby drawn in the HTML holds the app's code back for its list. On the phone profile the list
 * of a brand of 500 games is in about 0.7 s after it was sent; a slower operator costs the app no more than this.
 */
export const LIST_FIRST_BOUND_MS = 2000;
