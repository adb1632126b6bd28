import type { MoneyStatus, MoneyType, ProviderMaintenance, ServerGameUser } from '@member/shared-core';

/*
 * The simulator's control API (`/__sim/*`): request bodies and replies of the knobs tests turn. They are the
 * simulator's own, not the operator's API, so they live here rather than in the contract.
 */

/** Faults the simulator can inject per route (`POST /__sim/faults`). */
export interface SimFault {
  route: string;
  status?: number;
  delayMs?: number;
  /** A broken body; `shape` seals `reply` properly, for a reply that decrypts but has the wrong shape. */
  body?: 'malformed' | 'undecryptable' | 'empty' | 'shape';
  /** With `body: 'shape'`: the JSON value to seal in the envelope instead of the real reply (`[]`, `{status: true}`…). */
  reply?: unknown;
  times?: number;
  /** The handler runs (and commits, e.g. a withdrawal) first; then the delay, then the fault's answer. */
  afterCommit?: boolean;
  /** Seconds sent as the answer's `Retry-After` header (with `status: 429`, an operator shedding load). */
  retryAfter?: number;
}

/**
 * `GET /__sim/operator` and the body of `POST /__sim/operator` (any of the fields): how the operator reports a
 * withdrawal's Idempotency-Key. `historyKeys`: every history row of a withdrawal carries its `key`; `eventKeys`:
 * MemberTrans carries it; `pendingKeys`: checkWithdraw names the pending one's. All true by default (and after a reset).
 */
export interface SimOperatorSettings {
  historyKeys: boolean;
  eventKeys: boolean;
  pendingKeys: boolean;
}

/**
 * Body of `POST /__sim/withdraw/hold`: the next `times` (default 1) withdrawals are held at the bank once their key is
 * claimed, for `ms`, or without it until `POST /__sim/withdraw/release`: a request sent again with the key meanwhile
 * is answered 409 `in_flight`; then the withdrawal is booked (or refused) as if it had just arrived.
 */
export interface SimWithdrawHoldRequest {
  times?: number;
  ms?: number;
}

/** Body of `POST /__sim/sessions/rotate`, `POST /__sim/sessions/revoke` and `POST /__sim/sessions/expire`. */
export interface SimMemberTarget {
  prefix: string;
  phone: string;
}

/** Body of `POST /__sim/sessions/revoke`: who ended the sessions (the club by default, or a login on another device). */
export interface SimRevokeSessionsRequest extends SimMemberTarget {
  reason?: 'revoked' | 'elsewhere';
}

/** One entry of `GET /__sim/requests`: what reached the simulator, with field names only, never values. */
export interface SimRequestRecord {
  seq: number;
  time: string;
  method: string;
  route: string;
  status: number;
  origin: string | null;
  referer: string | null;
  contentType: string | null;
  hasAuthorization: boolean;
  queryFields: string[];
  bodyFields: string[];
}

/** One entry of `GET /__sim/registrations`. */
export interface SimRegistrationRecord {
  id: number;
  time: string;
  prefix: string;
  phone: string;
  step: 1 | 2 | 3;
  completed: boolean;
  cid: number | null;
  viaLine: boolean;
  affiliate: { agent: string; platform: string; channel: string; register: string };
}

/** Body of `POST /__sim/maintenance`. */
export interface SimMaintenanceRequest {
  provider: ServerGameUser['service'];
  on: boolean;
  /** With `on`: when the maintenance is planned to end (ISO), which the Maintain call then says. */
  until?: string;
}

/** Body of `POST /__sim/balance`: `balance` in baht, at most two decimals. */
export interface SimBalanceRequest {
  gameuser: string;
  balance: number;
}

/** Body of `POST /__sim/provider-sessions/expire`. */
export interface SimExpireProviderSessionRequest {
  gameuser: string;
}

/** Body of `POST /__sim/switch-main/refuse`: the next `times` (default 1) switchMain calls answer `status: false`. */
export interface SimRefuseSwitchMainRequest {
  times?: number;
}

/** One game account in `GET /__sim/provider-state`; never a password or a session secret. */
export interface SimProviderAccountState {
  gameuser: string;
  service: ServerGameUser['service'];
  prefix: string;
  cid: number;
  main: boolean;
  generate: boolean;
  balance: number;
  /** Whether a provider session of this game user lives, and until when (ISO time, the latest when several). */
  session: { alive: boolean; expiresAt: string | null };
  /** ufaShoot calls received for this game user since the reset. */
  shoots: number;
  /** Provider calls received for this game user since the reset, by route name (`gclubLogin`, `ufaCheck`…). */
  calls: Record<string, number>;
}

/** `GET /__sim/provider-state`. */
export interface SimProviderState {
  maintenance: ProviderMaintenance;
  /** Pending refusals of `POST /__sim/switch-main/refuse`. */
  switchMainRefusals: number;
  accounts: SimProviderAccountState[];
}

/** Body of `POST /__sim/launch-url`: the next open call answers exactly this `urlInfo` (used once). */
export interface SimLaunchUrlRequest {
  url: string;
}

/** Why a launch page refused its ticket. */
export type SimLaunchTicketProblem = 'missing' | 'unknown' | 'used' | 'expired' | 'mismatch';

/** One entry of `GET /__sim/launches`: what a launch page received. */
export interface SimLaunchRecord {
  seq: number;
  time: string;
  kind: 'game' | 'product';
  /** The page path, `/launch/game` or `/launch/product/{name}`. */
  path: string;
  /** The query string as received, without `?`. */
  query: string;
  /** The query's fields (the first value of each). */
  params: Record<string, string>;
  /** The `Referer` header, or null. */
  referer: string | null;
  ticketValid: boolean;
  ticketProblem: SimLaunchTicketProblem | null;
  /** What the ticket was issued for (null when the ticket is not valid): brand storageKey and game id, or product name. */
  brand: string | null;
  code: string | null;
  product: string | null;
  gameuser: string | null;
}

/** One entry of the simulator's ledger (`GET /__sim/ledger`); `settledAt` is when a pending entry completed or was rejected. */
export interface SimLedgerEntry {
  seq: number;
  time: string;
  prefix: string;
  cid: number;
  gameuser: string;
  service: ServerGameUser['service'];
  type: MoneyType;
  amount: number;
  status: MoneyStatus;
  idempotencyKey?: string;
  ref: string;
  settledAt: string | null;
}

/** Body of `POST /__sim/deposit`: credits the member's game account of `service` (completed at once, MemberTrans sent). */
export interface SimDepositRequest {
  prefix: string;
  phone: string;
  /** The provider whose account is credited; without it, the member's main account. */
  service?: ServerGameUser['service'];
  amount: number;
  /** Dates the deposit this many days back (0 to 365, default 0), for history periods. */
  daysAgo?: number;
}

/** Body of `POST /__sim/events`: any event on `private-member.{memberId}`; `data` is sent JSON-encoded. */
export interface SimEventRequest {
  memberId: number | string;
  event: string;
  data?: unknown;
}

/** Body of `POST /__sim/withdraw/reject`: the next `times` (default 1, 0 cancels) withdrawals to settle are rejected. */
export interface SimWithdrawRejectRequest {
  times?: number;
}

/** Body of `POST /__sim/socket/drop`: the sockets on `private-member.{memberId}` (all without it); 1006 cuts, 4200 asks to reconnect. */
export interface SimSocketDropRequest {
  memberId?: number | string;
  code?: 1006 | 4200;
}

/** One socket in `GET /__sim/sockets`. */
export interface SimSocketState {
  socket_id: string;
  channels: string[];
  connectedAt: string;
  lastMessageAt: string | null;
}

/** The refusal of new sockets in force (`POST /__sim/socket/refuse`); `until` is an ISO time, null = until cleared. */
export interface SimSocketRefusal {
  code: number;
  reason: string;
  until: string | null;
}

/** `GET /__sim/sockets`. */
export interface SimSocketsReply {
  sockets: SimSocketState[];
  refusal: SimSocketRefusal | null;
}

/** Broadcasting-auth requests of one member since the reset (`GET /__sim/auth-requests`). */
export interface SimAuthRequestCount {
  prefix: string;
  cid: number;
  granted: number;
  forbidden: number;
  /** The channels asked for, each once. */
  channels: string[];
}

/** `GET /__sim/auth-requests`: `unauthorized` counts requests whose token named no member. */
export interface SimAuthRequests {
  total: number;
  unauthorized: number;
  members: SimAuthRequestCount[];
}

/** One entry of `GET /__sim/reports`: an error report from a member's page, as received, with what the simulator saw of the request. */
export interface SimErrorReport {
  kind: string;
  message: string;
  site: string | null;
  theme: string | null;
  page: string | null;
  path: string | null;
  version: string | null;
  time: string | null;
  /** When the simulator received it (its clock, ms). */
  receivedAt: number;
  /** The page's Origin header, when it sent one. */
  origin: string | null;
  /** Whether the request carried any cookie (a report never should). */
  withCookie: boolean;
}

/** One figure of a `POST /reports/vitals` body, as the simulator kept it (fields of another type read as null). */
export interface SimVitalsFigure {
  name: string;
  value: number;
  rating: string | null;
  navigationType: string | null;
  id: string | null;
  page: string | null;
  theme: string | null;
  site: string | null;
  version: string | null;
}

/** One entry of `GET /__sim/vitals`: one `POST /reports/vitals` (field figures from a member's page) as received. */
export interface SimVitalsReport {
  vitals: SimVitalsFigure[];
  /** The path and query it was posted to, as received (`vitalsReportUrl` may carry a query of the operator's). */
  target: string;
  /** When the simulator received it (its clock, ms). */
  receivedAt: number;
  /** The page's Origin header, when it sent one. */
  origin: string | null;
  /** The Referer header, when one came (the host sends none). */
  referer: string | null;
  /** Whether the request carried any cookie (figures never should). */
  withCookie: boolean;
  contentType: string | null;
  /** The body exactly as received, for tests that look for what must never travel in it. */
  body: string;
}
