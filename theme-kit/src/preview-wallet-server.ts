import type { HistoryEntry, WithdrawReply } from '@member/shared-core';
import type { WithdrawIntent } from '@member/shared-core/wallet/withdraw-flow';

/**
 * What becomes of the withdrawals sent to the preview's pretend server: answered, booked with the answer lost on the
 * way back, or lost before the server saw them. The last two show the withdraw page's "checking" state.
 */
export type PreviewSendFate = 'answered' | 'reply-lost' | 'request-lost';

/** The preview's stand-in for the operator's withdrawal calls, in memory. */
export interface PreviewWalletServer {
  /** Every withdrawal it booked, oldest first: one per key, however often a key reaches it. */
  readonly booked: readonly HistoryEntry[];
  /** What becomes of the next withdrawals sent. */
  fate: PreviewSendFate;
  /** A withdrawal sent under its key; undefined when no answer comes back. */
  withdraw(intent: WithdrawIntent): WithdrawReply | undefined;
  /** Whether a withdrawal of the game user is being processed (checkWithdraw). */
  checkPending(gameuser: string): boolean;
  /** The game user's withdrawals, as the history call lists them (with their keys). */
  history(gameuser: string): HistoryEntry[];
  /** The booked withdrawal under `key` is paid out. */
  complete(key: string): void;
}

export function createPreviewWalletServer(fate: PreviewSendFate = 'answered'): PreviewWalletServer {
  const booked: HistoryEntry[] = [];
  let refs = 0;
  const find = (key: string) => booked.find((row) => row.key === key);
  return {
    booked,
    fate,
    withdraw(intent) {
      if (this.fate === 'request-lost') return undefined;
      // The server's idempotency: a key it has seen is answered as before and books nothing more.
      if (!find(intent.key)) {
        refs += 1;
        booked.push({
          ref: `WD9${String(refs).padStart(5, '0')}`, type: 'withdraw', amount: intent.amount, status: 'pending', time: new Date().toISOString(),
          service: intent.service, gameuser: intent.gameuser, key: intent.key,
        });
      }
      return this.fate === 'reply-lost' ? undefined : { status: true, pending: true };
    },
    checkPending: (gameuser) => booked.some((row) => row.gameuser === gameuser && row.status === 'pending'),
    history: (gameuser) => booked.filter((row) => row.gameuser === gameuser).map((row) => ({ ...row })),
    complete(key) {
      const row = find(key);
      if (row) row.status = 'completed';
    },
  };
}
