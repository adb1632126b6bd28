import { useMemo, useState } from 'react';
import { useTranslation } from '@member/shared-core';
import { useGameAccounts, useSession, useSite } from '@member/shared-core';
import type { DepositModel, HistoryModel, HistoryPeriod, HistoryRow, PromotionModel, WithdrawModel } from '@member/shared-core';
import { checkSafeUrl } from '@member/shared-core/helpers/safe-url';
import { AMOUNT_ERROR_KEYS, validateAmount, type AmountError } from '@member/shared-core/helpers/amount';
import type { Service } from '@member/shared-core';
import { flowOfIntent, IDLE, isLocked, screenPhaseOf, unlessLocked, type WithdrawFlow, type WithdrawIntent } from '@member/shared-core/wallet/withdraw-flow';
import { useLater } from './preview-hooks';

/**
 * The host's money hooks for the standalone preview and the tests: a withdrawal that is sent, processed and done
 * after short pauses, a believable history around the current time, the demo club's bank account; no network.
 */

/** The site minimum the preview announces, as the simulator does (acc_web.minWithdraw). */
export const PREVIEW_MIN_WITHDRAW = 100;

/** The host's amount rules: whole baht or two decimals, above zero, at least the minimum, at most the balance. */
export function usePreviewWithdraw(): WithdrawModel {
  const { t } = useTranslation();
  const { accounts, selected } = useGameAccounts();
  const later = useLater();
  const [service, setService] = useState<Service | null>(null);
  const [amount, setAmount] = useState('');
  const [flow, setFlow] = useState<WithdrawFlow>(IDLE);
  const [amountKey, setAmountKey] = useState<AmountError | null>(null);
  const target = accounts.find((a) => a.service === (service ?? selected?.service)) ?? accounts[0] ?? null;
  // The host's rules decide what each state shows and when the account is locked; only the server is pretended.
  const locked = isLocked(flow);
  const intent = flow.phase === 'idle' ? null : flow.intent;
  /** Sent, then taken by the server, then settled by its event. */
  const send = (sent: WithdrawIntent) => {
    setFlow({ phase: 'sending', intent: sent });
    later(() => {
      setFlow(flowOfIntent({ ...sent, state: 'pending' }));
      later(() => {
        setFlow(flowOfIntent({ ...sent, state: 'completed' }));
        setAmount('');
      });
    });
  };
  return {
    accounts,
    service: target?.service ?? null,
    setService: unlessLocked(locked, (value: Service) => {
      setService(value);
      setFlow(IDLE);
    }),
    amount,
    setAmount: unlessLocked(locked, (value: string) => {
      setAmount(value);
      setAmountKey(null);
      if (flow.phase === 'done') setFlow(IDLE);
    }),
    minimum: PREVIEW_MIN_WITHDRAW,
    blocked: false,
    locked,
    phase: screenPhaseOf(flow),
    intent: intent ? { amount: intent.amount, gameuser: intent.gameuser, service: intent.service } : null,
    submit: () => {
      if (locked || !target) return;
      const problem = validateAmount(amount, { minimum: PREVIEW_MIN_WITHDRAW, balance: target.balance });
      setAmountKey(problem);
      if (problem) return;
      send({ key: `preview-${Date.now()}`, gameuser: target.gameuser, service: target.service, amount: Number(amount), createdAt: Date.now(), state: 'sending' });
    },
    retry: () => {
      if (flow.phase === 'checking' && flow.intent) send(flow.intent);
    },
    error: null,
    fieldErrors: amountKey ? { amount: t(AMOUNT_ERROR_KEYS[amountKey], { minimum: PREVIEW_MIN_WITHDRAW }) } : {},
  };
}

export function usePreviewDeposit(): DepositModel {
  const session = useSession();
  const { accounts } = useGameAccounts();
  return { clubBank: session.accWeb?.bank ?? null, memberInfo: session.memberInfo, lastDeposit: null, accounts };
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const BANGKOK_OFFSET = 7 * HOUR;
const PERIOD_DAYS: Record<HistoryPeriod, number> = { today: 0, '7d': 7, '30d': 30 };

/** Midnight in Bangkok today, as the host counts periods. */
function startOfToday(now: number): number {
  return Math.floor((now + BANGKOK_OFFSET) / DAY) * DAY - BANGKOK_OFFSET;
}

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
  const today = startOfToday(now);
  const sinceMidnight = now - today;
  return SEEDS[service].map(({ ago, ...row }) => {
    const at = ago === 'today-late' ? now - sinceMidnight * 0.1 : ago === 'today-early' ? now - sinceMidnight * 0.6 : now - ago;
    return { ...row, service, gameuser, time: new Date(at).toISOString() };
  });
}

export function usePreviewHistory(): HistoryModel {
  const { accounts, selected } = useGameAccounts();
  const later = useLater();
  const [gameuser, setGameuser] = useState<string | null>(null);
  const [period, setPeriod] = useState<HistoryPeriod>('7d');
  const [loading, setLoading] = useState(false);
  const [now] = useState(() => Date.now());
  const target = accounts.find((a) => a.gameuser === gameuser) ?? selected ?? accounts[0] ?? null;
  const service = target?.service ?? null;
  const user = target?.gameuser ?? null;
  const entries = useMemo(() => {
    if (!service || !user) return [];
    const from = startOfToday(now) - PERIOD_DAYS[period] * DAY;
    return previewHistoryRows(service, user, now)
      .filter((r) => Date.parse(r.time) >= from)
      .sort((a, b) => Date.parse(b.time) - Date.parse(a.time));
  }, [service, user, period, now]);
  return {
    accounts,
    gameuser: user,
    setGameuser,
    period,
    setPeriod,
    status: loading ? 'loading' : entries.length === 0 ? 'empty' : 'ready',
    entries,
    error: null,
    reload: () => {
      setLoading(true);
      later(() => setLoading(false));
    },
  };
}

/** The preview has no allow-list, so any http(s) origin passes for its demo link; the host checks the configured one. */
export function usePreviewPromotion(): PromotionModel {
  const { promoLink } = useSite();
  const checked = checkSafeUrl(promoLink);
  return { url: checked.ok ? checked.url : null, refused: !checked.ok, framable: checked.ok };
}
