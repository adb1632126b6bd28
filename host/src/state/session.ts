import { atom } from 'jotai';
import type { LoginBy, MemberInfo, Profile, SessionStatus } from '@member/shared-core';

interface SessionState {
  status: SessionStatus;
  logged: boolean;
  loginBy: LoginBy;
  /** Whether the member finished registration (SPEC `accounts`). */
  accounts: boolean;
  memberInfo: MemberInfo | null;
  profile: Profile | null;
}

const sessionBase = atom<SessionState>({
  status: 'guest',
  logged: false,
  loginBy: 'phone',
  accounts: false,
  memberInfo: null,
  profile: null,
});

export const sessionAtom = atom((get) => get(sessionBase));
export const isLoggedInAtom = atom((get) => get(sessionBase).logged && (get(sessionBase).memberInfo?.cid ?? 0) !== 0);
export const needsRegistrationAtom = atom((get) => get(sessionBase).logged && !get(sessionBase).accounts);

export const setSessionCheckingAtom = atom(null, (get, set, checking: boolean) => {
  set(sessionBase, { ...get(sessionBase), status: checking ? 'checking' : get(sessionBase).logged ? 'member' : 'guest' });
});
