/** Realtime: subscribe 3 s after mount; after a member id change, 0.8 s. */
export const FIRST_SUBSCRIBE_DELAY_MS = 3000;
export const RESUBSCRIBE_DELAY_MS = 800;

export interface RealtimeInput {
  memberId: number;
  logged: boolean;
  onLogoutPage: boolean;
}

export interface SchedulerDeps {
  subscribe(memberId: number): void;
  leave(memberId: number): void;
}

/**
 * Decides when the private channel `member.{id}` is joined and left: never on logout pages, for id 0 or
 * when logged out; the first time 3 s after mount; when the id changes, the old channel is left at once
 * and the new one joined after 0.8 s.
 */
export function createSubscriptionScheduler(deps: SchedulerDeps) {
  let joined = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let mountedAt: number | null = null;
  let first = true;

  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };

  return {
    mount(now = Date.now()) {
      mountedAt = now;
    },
    update(input: RealtimeInput) {
      const wanted = input.logged && !input.onLogoutPage ? input.memberId : 0;
      if (wanted === joined && timer === undefined) return;
      cancel();
      if (joined !== 0 && joined !== wanted) {
        deps.leave(joined);
        joined = 0;
        first = false;
      }
      if (wanted === 0 || wanted === joined) return;
      const sinceMount = mountedAt === null ? 0 : Date.now() - mountedAt;
      const delay = first ? Math.max(0, FIRST_SUBSCRIBE_DELAY_MS - sinceMount) : RESUBSCRIBE_DELAY_MS;
      timer = setTimeout(() => {
        timer = undefined;
        joined = wanted;
        first = false;
        deps.subscribe(wanted);
      }, delay);
    },
    stop() {
      cancel();
      if (joined !== 0) deps.leave(joined);
      joined = 0;
    },
  };
}
