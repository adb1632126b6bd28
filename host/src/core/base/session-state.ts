import { atom } from 'jotai';
import { DRAWN_MEMBER_CID } from '@member/shared-core/drawing';
import type {
  AccWeb,
  AccWebWithdrawLimit,
  GetProfileReply,
  LoginBy,
  LoginReply,
  MemberInfo,
  Profile,
  ServerGameUser,
  SessionStatus,
} from '@member/shared-core';

/** Auth state, with the member's data from the last login or profile reply. */
export interface SessionState {
  status: SessionStatus;
  logged: boolean;
  /** Set by a fresh login (not a session restored on load). */
  logNew: boolean;
  /** Whether the member finished registration. */
  accounts: boolean;
  loginBy: LoginBy;
  lineID: string;
  errorLineConnect: boolean;
  memberInfo: MemberInfo | null;
  profile: Profile | null;
  /** The site's account data, with the withdrawal limit where the site announces one. */
  accWeb: (AccWeb & Partial<AccWebWithdrawLimit>) | null;
  games: ServerGameUser[];
}

const GUEST: SessionState = {
  status: 'guest',
  logged: false,
  logNew: false,
  accounts: false,
  loginBy: 'phone',
  lineID: '',
  errorLineConnect: false,
  memberInfo: null,
  profile: null,
  accWeb: null,
  games: [],
};

const sessionBase = atom<SessionState>(GUEST);
/** The member's session has ended (a logout, a dead token) and no member has logged in since. */
const endedBase = atom(false);
export const sessionOverAtom = atom((get) => get(endedBase));

export const sessionAtom = atom((get) => get(sessionBase));
export const memberIdAtom = atom((get) => (get(sessionBase).logged ? (get(sessionBase).memberInfo?.cid ?? 0) : 0));
export const isLoggedInAtom = atom((get) => get(sessionBase).logged && get(memberIdAtom) !== 0);
export const needsRegistrationAtom = atom((get) => get(sessionBase).logged && !get(sessionBase).accounts);

export const sessionCheckingAtom = atom(null, (get, set) => set(sessionBase, { ...get(sessionBase), status: 'checking' }));

/**
 * A member whose data is still on its way, and nobody in particular: what the drawing step draws a member's frame for
 * (app/routes/drawn-member-frame.tsx), so the frame shows a member's menu and nothing of any member.
 */
export const drawnMemberAtom = atom(null, (_get, set) =>
  set(sessionBase, {
    ...GUEST,
    status: 'member',
    logged: true,
    accounts: true,
    memberInfo: { cid: DRAWN_MEMBER_CID, account_name: '', account_number: '', phone: '', bank_th: '', bank_en: '', set: '', logo: '' },
  }),
);

/** A successful login, LINE login, registration or profile reply. */
export const sessionFromReplyAtom = atom(
  null,
  (get, set, { reply, loginBy, fresh }: { reply: LoginReply | GetProfileReply; loginBy: LoginBy; fresh: boolean }) => {
    const previous = get(sessionBase);
    set(endedBase, false);
    set(sessionBase, {
      ...previous,
      status: 'member',
      logged: true,
      logNew: fresh,
      accounts: reply.accounts !== false,
      loginBy,
      memberInfo: reply.member_info ?? previous.memberInfo,
      profile: reply.profile ?? previous.profile,
      accWeb: reply.acc_web ?? previous.accWeb,
      lineID: reply.acc_web?.lineID ?? previous.lineID,
      games: reply.games ?? previous.games,
    });
  },
);

export const updateProfileAtom = atom(null, (get, set, patch: Partial<Profile>) => {
  const previous = get(sessionBase);
  if (!previous.profile) return;
  set(sessionBase, { ...previous, profile: { ...previous.profile, ...patch } });
});

export const updateMemberPhoneAtom = atom(null, (get, set, phone: string) => {
  const previous = get(sessionBase);
  if (!previous.memberInfo) return;
  set(sessionBase, { ...previous, memberInfo: { ...previous.memberInfo, phone } });
});

export const setLineConnectErrorAtom = atom(null, (get, set, failed: boolean) => {
  set(sessionBase, { ...get(sessionBase), errorLineConnect: failed });
});

/** Logout's state part: cid 0, loginBy back to phone, logged false. */
export const sessionClearedAtom = atom(null, (_get, set) => {
  set(sessionBase, GUEST);
  set(endedBase, true);
});

/** Replaces the member's game-user records after a switch of main account or a game password change. */
export const updateGamesAtom = atom(null, (get, set, update: (games: ServerGameUser[]) => ServerGameUser[]) => {
  const previous = get(sessionBase);
  set(sessionBase, { ...previous, games: update(previous.games) });
});

/**
 * The check of a stored session on load, when the server does not answer it. While it lasts the session status stays
 * 'checking' (the guards hold the page, the cookies are kept): 'slow' while the first answer is taking long (the
 * server is slow, not down), 'retrying' while attempts go on after a failure, 'unreachable' once they have given up
 * or the member stopped waiting, and may retry. `errorKey` says what went wrong last.
 */
export type SessionCheck = { phase: 'idle' } | { phase: 'slow' } | { phase: 'retrying' | 'unreachable'; errorKey: string };

export const SESSION_CHECK_IDLE: SessionCheck = { phase: 'idle' };

const sessionCheckBase = atom<SessionCheck>(SESSION_CHECK_IDLE);

export const sessionCheckAtom = atom((get) => get(sessionCheckBase));

export const setSessionCheckAtom = atom(null, (_get, set, value: SessionCheck) => set(sessionCheckBase, value));

/** The way to stop the session check under way; the check sets it while it waits. */
const sessionCheckAbortBase = atom<AbortController | null>(null);
export const setSessionCheckAbortAtom = atom(null, (_get, set, controller: AbortController | null) =>
  set(sessionCheckAbortBase, controller),
);
/** The member stops waiting for a slow check: it ends as "can't reach the server", cookies kept, Retry offered. */
export const cancelSessionCheckAtom = atom(null, (get) => get(sessionCheckAbortBase)?.abort());
