import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from '@member/shared-core';
import { useGameAccounts, useSession, useSite } from '@member/shared-core';
import type { DepositModel, HistoryModel, HistoryPeriod, HistoryRow, PromotionModel, WithdrawModel } from '@member/shared-core';
import { promotionOf } from '@member/shared-core/helpers/promotion';
import type { Service } from '@member/shared-core';
import {
  flowOfIntent,
  flowWhileNoneOpen,
  IDLE,
  isUnresolved,
  outcomeOfSend,
  refusedFlow,
  resolveIntent,
  type WithdrawFlow,
  type WithdrawIntent,
} from '@member/shared-core/wallet/withdraw-flow';
import { withdrawMinimum } from '@member/shared-core/wallet/withdraw-rules';
import { withoutOutcome } from '@member/shared-core/wallet/withdraw-screen';
import { useWithdrawForm } from '@member/shared-core/wallet/use-withdraw-form';
import { historyGameuser, historyStatus, rowsInPeriod, startOfPeriod } from '@member/shared-core/wallet/history-period';
import { PAUSE_MS, useLater } from './preview-hooks';
import type { PreviewWalletServer } from './preview-wallet-server';

/**
 * The host's money hooks for the standalone preview and the tests: withdrawals go to an in-memory pretend server
 * that answers, processes and pays out after short pauses; a believable history around the current time; the demo
 * club's bank account; no network. The form and every decision are the contract's, as in the host.
 */

/** The pretend server answers a question about a withdrawal sooner than it pays one out, so each answer can be seen. */
const CHECK_MS = PAUSE_MS / 2;

/** What the preview's calls carry for the member's token and site: the pretend server asks no session. */
const PREVIEW_TOKEN = 'preview-token';
const PREVIEW_PREFIX = 'preview';

/** The game user's withdrawals as the pretend server's history call lists them (with their keys). */
const serverRows = (server: PreviewWalletServer, gameuser: string) =>
  server.call('history', { gameuser, token: PREVIEW_TOKEN })?.history ?? [];

type Flows = Readonly<Record<string, WithdrawFlow>>;

const intentOf = (flow: WithdrawFlow): WithdrawIntent | null => (flow.phase === 'idle' ? null : flow.intent);
const flowIn = (flows: Flows, gameuser: string | null): WithdrawFlow => (gameuser ? flows[gameuser] : undefined) ?? IDLE;

/** The flows with one game user's changed by `change`; the same object when nothing changed, so nothing renders again. */
const changed =
  (gameuser: string, change: (flow: WithdrawFlow) => WithdrawFlow) =>
  (flows: Flows): Flows => {
    const flow = flowIn(flows, gameuser);
    const next = change(flow);
    return next === flow ? flows : { ...flows, [gameuser]: next };
  };

/** The intent in its new state, unless the member has moved on to another withdrawal meanwhile. */
const settled = (intent: WithdrawIntent, state: WithdrawIntent['state']) => (flow: WithdrawFlow) =>
  intentOf(flow)?.key === intent.key ? flowOfIntent({ ...intent, state }) : flow;

export function usePreviewWithdraw(server: PreviewWalletServer): WithdrawModel {
  const { t } = useTranslation();
  const session = useSession();
  const { accounts } = useGameAccounts();
  const [laterReply, laterPayout, laterCheck] = [useLater(), useLater(), useLater()];
  const [flows, setFlows] = useState<Flows>({});

  /** One send to the pretend server and its answer; a booked withdrawal is paid out after a pause, as the server's event says. */
  const send = (intent: WithdrawIntent) => {
    const update = (change: (flow: WithdrawFlow) => WithdrawFlow) => setFlows(changed(intent.gameuser, change));
    update(() => ({ phase: 'sending', intent }));
    laterReply(() => {
      const request = { gameuser: intent.gameuser, amount: intent.amount, token: PREVIEW_TOKEN };
      const reply = server.call(intent.service === 'GCLUB' ? 'gclubWithdraw' : 'ufaWithdraw', request, intent.key);
      const outcome = reply ? outcomeOfSend({ kind: 'reply', reply }) : null;
      if (outcome?.state === 'pending') update(settled(intent, 'pending'));
      else if (outcome?.state === 'unbooked')
        update((flow) => (intentOf(flow)?.key === intent.key ? refusedFlow(intent, outcome.problem) : flow));
      else update(settled(intent, 'checking'));
      if (!server.booked.some((row) => row.key === intent.key)) return;
      laterPayout(() => {
        server.complete(intent.key);
        update((flow) => (isUnresolved(intentOf(flow)) ? settled(intent, 'completed')(flow) : flow));
      });
    });
  };

  // Asking only reads the pretend server's state; an intent it has no answer for stays unknown, never "not made".
  const check = useCallback(
    (gameuser: string) =>
      laterCheck(() => {
        const pending =
          server.call('checkWithdraw', { game_user: gameuser, prefix: PREVIEW_PREFIX, token: PREVIEW_TOKEN })?.pending === true;
        setFlows(
          changed(gameuser, (flow) => {
            const intent = intentOf(flow);
            if (!isUnresolved(intent)) return flowWhileNoneOpen(flow, pending);
            const { state } = resolveIntent(intent, { pending: { pending }, rows: serverRows(server, gameuser) }, Date.now());
            return state === null ? flow : settled(intent, state)(flow);
          }),
        );
      }, CHECK_MS),
    [server, laterCheck],
  );

  return useWithdrawForm({
    accounts,
    minimum: withdrawMinimum(session.accWeb),
    flowOf: (gameuser) => flowIn(flows, gameuser),
    send: (order) => send({ ...order, key: `preview-${Date.now()}`, createdAt: Date.now(), state: 'sending' }),
    check,
    dismiss: (gameuser) => setFlows(changed(gameuser, withoutOutcome)),
    t,
  });
}

export function usePreviewDeposit(): DepositModel {
  const session = useSession();
  const { accounts } = useGameAccounts();
  return { clubBank: session.accWeb?.bank ?? null, memberInfo: session.memberInfo, lastDeposit: null, accounts };
}

const DAY = 86_400_000;

type Seed = Omit<HistoryRow, 'time' | 'service' | 'gameuser'> & { ago: number | 'today-late' | 'today-early' };

const SEEDS: Record<Service, readonly Seed[]> = {
  UFA: [
    { ref: 'WD000412', type: 'withdraw', amount: 250, status: 'pending', ago: 'today-late' },
    { ref: 'DP000981', type: 'deposit', amount: 500, status: 'completed', ago: 'today-early' },
    { ref: 'DP000944', type: 'deposit', amount: 1000, status: 'completed', ago: 1.2 * DAY },
    { ref: 'WD000398', type: 'withdraw', amount: 300, status: 'rejected', ago: 3.4 * DAY },
    { ref: 'WD000377', type: 'withdraw', amount: 1500, status: 'completed', ago: 5.1 * DAY },
    { ref: 'DP000871', type: 'deposit', amount: 2000, status: 'completed', ago: 12.3 * DAY },
    { ref: 'DP000802', type: 'deposit', amount: 750.5, status: 'completed', ago: 24.6 * DAY },
  ],
  GCLUB: [
    { ref: 'DP000962', type: 'deposit', amount: 300, status: 'completed', ago: 2.2 * DAY },
    { ref: 'WD000371', type: 'withdraw', amount: 480, status: 'completed', ago: 9.5 * DAY },
  ],
};

/** The preview's movements of one game account, dated around `now` so every period has something to show. */
export function previewHistoryRows(service: Service, gameuser: string, now = Date.now()): HistoryRow[] {
  const sinceMidnight = now - startOfPeriod('today', now);
  return SEEDS[service].map(({ ago, ...row }) => {
    const at = ago === 'today-late' ? now - sinceMidnight * 0.1 : ago === 'today-early' ? now - sinceMidnight * 0.6 : now - ago;
    return { ...row, service, gameuser, time: new Date(at).toISOString() };
  });
}

/** The sample movements, and the withdrawals made on the preview's withdraw page (from its pretend server). */
export function usePreviewHistory(server: PreviewWalletServer): HistoryModel {
  const { accounts } = useGameAccounts();
  const later = useLater();
  const [picked, setPicked] = useState<string | null>(null);
  const [period, setPeriod] = useState<HistoryPeriod>('7d');
  const [loading, setLoading] = useState(false);
  const [now] = useState(() => Date.now());
  const gameuser = historyGameuser(picked, accounts, true);
  const service = accounts.find((a) => a.gameuser === gameuser)?.service ?? null;
  const entries = useMemo(
    () =>
      service && gameuser
        ? rowsInPeriod([...previewHistoryRows(service, gameuser, now), ...serverRows(server, gameuser)], period, now)
        : [],
    [service, gameuser, period, now, server],
  );
  return {
    accounts,
    gameuser,
    setGameuser: setPicked,
    period,
    setPeriod,
    status: historyStatus({ loading, failed: false, shown: entries.length }),
    entries,
    error: null,
    reload: () => {
      setLoading(true);
      later(() => setLoading(false));
    },
  };
}

/** The preview has no allow-list, so any http(s) demo link passes, and it sets no frame policy; the host checks the configured ones. */
export function usePreviewPromotion(): PromotionModel {
  const { promoLink } = useSite();
  return promotionOf(promoLink, null, () => true);
}
