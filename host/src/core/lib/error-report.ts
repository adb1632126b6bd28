// No import of @member/shared-core here: the page's entry (index.ts, through chunk-guard) loads this module before
// Module Federation has set up its shared modules, so the version and the page keys come in through `configure`.
import { postReport } from './post-report';

/** What went wrong on the member's page, as the operators want to count it. */
export type ErrorReportKind =
  | 'theme-fallback'
  | 'contract-mismatch'
  | 'signature-refused'
  | 'release-refused'
  | 'stale-copy-healed'
  | 'affiliate-dropped'
  | 'look-unavailable'
  | 'chunk-reload'
  | 'chunk-gave-up'
  | 'render-error'
  | 'drawn-mismatch'
  | 'unhandled-rejection'
  | 'window-error'
  /** A server's refusal in the other language than the member's: shown as the screen's own line, its text kept here. */
  | 'server-message';

/** One report as it goes on the wire: no query strings, no cookies, no tokens, no phone numbers. */
export interface ErrorReport {
  kind: ErrorReportKind;
  message: string;
  site: string | null;
  theme: string | null;
  page: string | null;
  /** The page's path without its query or fragment. */
  path: string;
  version: string;
  /** ISO time on the member's clock. */
  time: string;
}

/** Share of page loads that send their reports; 1 in the demo (every page load). */
export const ERROR_REPORT_SAMPLE_RATE = 1;
/** At most this many reports leave one page load, whatever loops on it. */
export const MAX_REPORTS_PER_PAGE = 10;
const MAX_MESSAGE_LENGTH = 300;

const URL_IN_TEXT = /\b(?:https?|wss?):\/\/[^\s'"]+/gi;
const BEARER = /\bBearer\s+\S+/gi;
const JWT_LIKE = /\beyJ[\w-]+\.[\w-]+(?:\.[\w-]+)?/g;
const LONG_OPAQUE = /[A-Za-z0-9+/_=-]{32,}/g;
const DIGIT_RUN = /\+?\d[\d -]{7,}\d/g;

const numbersOut = (text: string) => text.replace(DIGIT_RUN, (run) => (run.replace(/\D/g, '').length >= 9 ? '[number]' : run));

/**
 * One part of a URL's path (between slashes and dots) that looks like a key or a signature: long, and with a digit or
 * both cases. Chunk and route names (`__federation_expose_pages__login`) are neither, so the failing file stays named.
 */
const opaquePart = (part: string) => part.length >= 32 && (/\d/.test(part) || (/[a-z]/.test(part) && /[A-Z]/.test(part)));

function scrubUrl(url: string): string {
  const bare = url.replace(/[?#].*$/, '');
  const at = bare.indexOf('/', bare.indexOf('//') + 2);
  if (at < 0) return bare;
  const path = bare
    .slice(at)
    .replace(JWT_LIKE, '[token]')
    .replace(/[^/.]+/g, (part) => (opaquePart(part) ? '[removed]' : part));
  return bare.slice(0, at) + numbersOut(path);
}

function scrubText(text: string): string {
  return numbersOut(text.replace(BEARER, 'Bearer [removed]').replace(JWT_LIKE, '[token]').replace(LONG_OPAQUE, '[removed]'));
}

/** Values shorter than this are not looked for: they would eat ordinary words. */
const MIN_KNOWN_LENGTH = 3;

/**
 * Takes out every occurrence of the values the page knows to be the member's (their token, phone, name, game users),
 * whatever their length or shape, longest first so a value inside another goes with it.
 */
function knownOut(text: string, known: readonly string[]): string {
  const values = [...new Set(known.map((v) => v.trim()).filter((v) => v.length >= MIN_KNOWN_LENGTH))].sort((a, b) => b.length - a.length);
  let out = text;
  for (const value of values) out = out.split(value).join('[removed]');
  return out;
}

/**
 * Removes what may identify a member or open their session: first every value in `known` (what the page knows is
 * the member's), then what matches the patterns: the query and fragment of every URL, bearer tokens and JWT-like
 * strings, long opaque strings (keys, signatures), and runs of 9 or more digits (phone and account numbers). A
 * URL's path is read part by part, so a long file name is kept while a key inside the path is not.
 */
export function scrubMessage(text: string, known: readonly string[] = []): string {
  const message = knownOut(text, known);
  let scrubbed = '';
  let last = 0;
  for (const match of message.matchAll(URL_IN_TEXT)) {
    scrubbed += scrubText(message.slice(last, match.index)) + scrubUrl(match[0]);
    last = match.index + match[0].length;
  }
  return (scrubbed + scrubText(message.slice(last))).slice(0, MAX_MESSAGE_LENGTH);
}

export interface ReportContext {
  /** `errorReportUrl` from /config.json; without it nothing is sent. */
  url: string | undefined;
  site: string | null;
  /** The site's own theme, for reports that do not name one. */
  theme: string | null;
  /** The app's version (the contract's APP_VERSION). */
  version: string;
  /** The page keys: the path's first segment names the page when it is one of them. */
  pages: readonly string[];
  sampleRate?: number;
}

export interface ErrorReporterDeps {
  send(url: string, body: string): void;
  random(): number;
  now(): number;
  pathname(): string;
}

export interface ErrorReporter {
  configure(context: ReportContext): void;
  /**
   * Names where the member's own values come from (read at each report); they never leave the page in a report.
   * Returns the undo.
   */
  knowSecrets(source: () => readonly string[]): () => void;
  report(kind: ErrorReportKind, error: unknown, theme?: string | null): void;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return typeof error === 'string' ? error : String(error);
}

/**
 * Reports queue until the page knows where to send them (config.json); the page load is sampled once, so a sampled
 * page sends all its reports and the others none. The same kind and message go once; the page sends at most
 * MAX_REPORTS_PER_PAGE.
 */
export function createErrorReporter(deps: ErrorReporterDeps): ErrorReporter {
  let context: ReportContext | null = null;
  let sampled = false;
  const seen = new Set<string>();
  const queued: ErrorReport[] = [];
  const sources = new Set<() => readonly string[]>();
  const known = () => {
    const values: string[] = [];
    for (const source of sources) {
      try {
        values.push(...source());
      } catch {
        // A source that cannot answer adds nothing; the patterns still apply.
      }
    }
    return values;
  };

  const deliver = (report: ErrorReport) => {
    if (!context?.url || !sampled) return;
    deps.send(context.url, JSON.stringify(report));
  };
  const pageOf = (path: string) => {
    const first = path.split('/')[1] ?? '';
    return context?.pages.includes(first) ? first : null;
  };

  return {
    configure(next) {
      context = next;
      sampled = deps.random() < (next.sampleRate ?? ERROR_REPORT_SAMPLE_RATE);
      for (const report of queued.splice(0)) {
        report.site = next.site;
        report.theme ??= next.theme;
        report.page = pageOf(report.path);
        report.version = next.version;
        deliver(report);
      }
    },
    knowSecrets(source) {
      sources.add(source);
      return () => sources.delete(source);
    },
    report(kind, error, theme) {
      const secrets = known();
      const message = scrubMessage(messageOf(error), secrets);
      const key = `${kind}\n${message}`;
      if (seen.has(key) || seen.size >= MAX_REPORTS_PER_PAGE) return;
      seen.add(key);
      const path = scrubMessage(deps.pathname().split(/[?#]/)[0] ?? '/', secrets);
      const report: ErrorReport = {
        kind,
        message,
        site: context?.site ?? null,
        theme: theme ?? context?.theme ?? null,
        page: pageOf(path),
        path,
        version: context?.version ?? '',
        time: new Date(deps.now()).toISOString(),
      };
      if (context) deliver(report);
      else queued.push(report);
    },
  };
}

// Not in the store: it reports from the window's error events and the loaders, before the store has a site and outside React.
/** The page's reporter. */
export const errorReporter: ErrorReporter = createErrorReporter({
  send: postReport,
  random: () => Math.random(),
  now: () => Date.now(),
  pathname: () => window.location.pathname,
});

export const reportError = (kind: ErrorReportKind, error: unknown, theme?: string | null): void => errorReporter.report(kind, error, theme);

/** Errors nobody caught: reported, once each, beside the browser's own console message. */
export function installGlobalErrorReports(target: Window = window): void {
  target.addEventListener('error', (event) => reportError('window-error', event.error ?? event.message));
  target.addEventListener('unhandledrejection', (event) => reportError('unhandled-rejection', event.reason));
}
