import type { PusherOptions } from './config';
import { FaultBook } from './faults';
import { RealtimeHub } from './pusher/hub';
import { sendMemberTrans } from './pusher/member-events';
import { AuthRequestLog } from './state/auth-requests';
import { ErrorReportLog } from './state/error-reports';
import { openAllGameAccounts, openGameAccount } from './state/game-accounts';
import { GamePrefs } from './state/game-prefs';
import { IdempotencyStore } from './state/idempotency';
import { LaunchStore } from './state/launches';
import { Ledger } from './state/ledger';
import { LineCodes } from './state/line';
import { MemberStore } from './state/members';
import { Operator } from './state/operator';
import { ProviderStore } from './state/providers';
import { RegistrationStore } from './state/registrations';
import { RequestLog } from './state/request-log';
import { SessionStore } from './state/sessions';
import type { SiteDirectory } from './state/sites';
import { SwitchMainGate } from './state/switch-main';
import { VitalsReportLog } from './state/vitals-reports';
import { WalletBook } from './state/wallets';
import { publicUrls, type PublicUrls } from './views/member';
import type { WireCipher } from './wire/crypto';

/** Everything a route handler may use: configuration and the in-memory world that `/__sim/reset` restores. */
export interface Sim {
  readonly sites: SiteDirectory;
  readonly cipher: WireCipher;
  readonly allowedOrigins: readonly string[];
  readonly now: () => number;
  /** Absolute URLs of the simulator's own pages; set once the port is known. */
  urls: PublicUrls;
  readonly members: MemberStore;
  readonly sessions: SessionStore;
  readonly lineCodes: LineCodes;
  readonly registrations: RegistrationStore;
  /** GCLUB and UFA: provider accounts, provider sessions, maintenance, call counters. */
  readonly providers: ProviderStore;
  /** Every game account's balance. */
  readonly wallets: WalletBook;
  readonly switchMain: SwitchMainGate;
  /** The money ledger: every deposit and withdrawal, the only mover of balances. */
  readonly ledger: Ledger;
  /** Idempotency-Key records of the money calls, per member, 24 h. */
  readonly idempotency: IdempotencyStore;
  /** How the operator reports withdrawals' keys (history, checkWithdraw, MemberTrans), and its bank's holds. */
  readonly operator: Operator;
  /** The Pusher-protocol sockets, their channels, and the app's credentials. */
  readonly realtime: RealtimeHub;
  /** Broadcasting-auth requests per member. */
  readonly authRequests: AuthRequestLog;
  /** Launch tickets, what the launch pages received, the `/__sim/launch-url` override. */
  readonly launches: LaunchStore;
  /** Favourite and recently played games per member. */
  readonly gamePrefs: GamePrefs;
  readonly faults: FaultBook;
  readonly requests: RequestLog;
  /** Error reports from members' pages (`POST /reports`). */
  readonly errorReports: ErrorReportLog;
  /** Field figures (web vitals) from members' pages (`POST /reports/vitals`). */
  readonly vitalsReports: VitalsReportLog;
  reset(): void;
  /** Stops timers and cuts sockets (the simulator is closing). */
  stop(): void;
}

export interface SimSetup {
  sites: SiteDirectory;
  cipher: WireCipher;
  allowedOrigins: readonly string[];
  now: () => number;
  rotateEvery: number;
  providerSessionMs: number;
  withdrawPendingMs: number;
  pusher: PusherOptions;
}

export function createSim(setup: SimSetup): Sim {
  const providers = new ProviderStore({ now: setup.now, sessionMs: setup.providerSessionMs });
  const wallets = new WalletBook();
  const members = new MemberStore(setup.sites, (member) => {
    for (const game of member.games) openGameAccount(providers, wallets, member, game);
  });
  const sessions = new SessionStore({ now: setup.now, rotateEvery: setup.rotateEvery });
  const lineCodes = new LineCodes(setup.now);
  const registrations = new RegistrationStore(setup.now);
  const switchMain = new SwitchMainGate();
  const { appId, key, secret, activityTimeoutS, idleMs, pongTimeoutMs } = setup.pusher;
  const realtime = new RealtimeHub({ credentials: { appId, key, secret }, activityTimeoutS, idleMs, pongTimeoutMs, now: setup.now });
  const operator = new Operator();
  const ledger = new Ledger({
    now: setup.now,
    wallets,
    pendingMs: setup.withdrawPendingMs,
    onSettled: (entry) => sendMemberTrans(realtime, entry, { withKey: operator.current.eventKeys }),
  });
  const idempotency = new IdempotencyStore(setup.now);
  const authRequests = new AuthRequestLog();
  const launches = new LaunchStore(setup.now);
  const gamePrefs = new GamePrefs();
  openAllGameAccounts(members, providers, wallets);
  const faults = new FaultBook();
  const requests = new RequestLog();
  const errorReports = new ErrorReportLog();
  const vitalsReports = new VitalsReportLog();
  return {
    sites: setup.sites,
    cipher: setup.cipher,
    allowedOrigins: setup.allowedOrigins,
    now: setup.now,
    urls: publicUrls('http://localhost'),
    members,
    sessions,
    lineCodes,
    registrations,
    providers,
    wallets,
    switchMain,
    ledger,
    idempotency,
    operator,
    realtime,
    authRequests,
    launches,
    gamePrefs,
    faults,
    requests,
    errorReports,
    vitalsReports,
    reset() {
      members.reset();
      sessions.reset();
      lineCodes.reset();
      registrations.reset();
      providers.reset();
      wallets.reset();
      switchMain.reset();
      ledger.reset();
      idempotency.reset();
      operator.reset();
      realtime.clearSubscriptions();
      authRequests.reset();
      launches.reset();
      gamePrefs.reset();
      openAllGameAccounts(members, providers, wallets);
      faults.clear();
      requests.clear();
      errorReports.clear();
      vitalsReports.clear();
    },
    stop() {
      operator.releaseAll();
      ledger.stop();
      realtime.close();
    },
  };
}

/** The redirect URIs the LINE authorize page accepts: each allowed origin + `/check/line` or `/info/lineAuthInfo`. */
export const LINE_CALLBACK_PATHS = ['/check/line', '/info/lineAuthInfo'] as const;

export function lineRedirectAllowed(sim: Sim, redirectUri: string): boolean {
  return sim.allowedOrigins.some((origin) => LINE_CALLBACK_PATHS.some((path) => redirectUri === `${origin}${path}`));
}

/**
 * The origin the LINE page returns to: the request's Origin when allowed, else `dot` when it is an allowed origin
 * (the host sends its own origin there), else the first allowed origin.
 */
export function returnOrigin(sim: Sim, origin: string | null, dot: unknown): string {
  if (origin) return origin;
  if (typeof dot === 'string' && sim.allowedOrigins.includes(dot)) return dot;
  return sim.allowedOrigins[0] ?? 'http://localhost:3000';
}

/** The authorize link handed to the browser: the simulator's LINE page, returning to `{origin}/check/line`. */
export function lineAuthorizeLink(sim: Sim, state: string, origin: string): string {
  const returnTo = `${origin}/check/line`;
  return `${sim.urls.base}/line/authorize?${new URLSearchParams({ state, redirect_uri: returnTo }).toString()}`;
}
