import type { HistoryEntry } from '@member/shared-core';
import { OPERATOR_CALLS, validate, type CallReply, type CallRequest, type Check } from '@member/shared-core/api/calls';

/**
 * What becomes of the withdrawals sent to the preview's pretend server: answered, booked with the answer lost on the
 * way back, or lost before the server saw them. The last two show the withdraw page's "checking" state.
 */
export type PreviewSendFate = 'answered' | 'reply-lost' | 'request-lost';

/** The operator calls of the withdraw and history pages, the ones the pretend server answers. */
export type PreviewWalletCall = 'gclubWithdraw' | 'ufaWithdraw' | 'checkWithdraw' | 'history';

/** The preview's stand-in for the operator's money calls, in memory. */
export interface PreviewWalletServer {
  /** Every withdrawal it booked, oldest first: one per key, however often a key reaches it. */
  readonly booked: readonly HistoryEntry[];
  /** What becomes of the next withdrawals sent. */
  fate: PreviewSendFate;
  /**
   * One call of the catalogue, answered as the operator would: the call's request in, its reply out, held to the
   * call's reply schema as the host's client holds a real one. A withdrawal carries its Idempotency-Key; undefined when
   * no answer comes back.
   */
  call<N extends PreviewWalletCall>(name: N, request: CallRequest<N>, idempotencyKey?: string): CallReply<N> | undefined;
  /** The booked withdrawal under `key` is paid out. */
  complete(key: string): void;
}

/** A pretend answer the host would refuse is the preview's own bug: it fails at once, naming the call and the field. */
function checked<N extends PreviewWalletCall>(name: N, reply: unknown): CallReply<N> {
  const result = validate(OPERATOR_CALLS[name].reply as Check<unknown>, reply);
  if (!result.ok) throw new Error(`preview: the pretend ${name} reply breaks the contract at ${result.field}: ${result.problem}`);
  return result.value as CallReply<N>;
}

export function createPreviewWalletServer(fate: PreviewSendFate = 'answered'): PreviewWalletServer {
  const booked: HistoryEntry[] = [];
  let refs = 0;
  const find = (key: string) => booked.find((row) => row.key === key);
  const withdraw = (service: HistoryEntry['service'], request: CallRequest<'gclubWithdraw'>, key: string) => {
    // The server's idempotency: a key it has seen is answered as before and books nothing more.
    if (!find(key)) {
      refs += 1;
      booked.push({
        ref: `WD9${String(refs).padStart(5, '0')}`,
        type: 'withdraw',
        amount: Number(request.amount),
        status: 'pending',
        time: new Date().toISOString(),
        service,
        gameuser: request.gameuser,
        key,
      });
    }
  };
  return {
    booked,
    fate,
    call(name, request, idempotencyKey) {
      if (name === 'checkWithdraw') {
        const { game_user: gameuser } = request as CallRequest<'checkWithdraw'>;
        const pending = booked.some((row) => row.gameuser === gameuser && row.status === 'pending');
        // Status false while one is being processed, as checkWithdraw says it.
        return checked(name, { status: !pending, pending });
      }
      if (name === 'history') {
        const { gameuser } = request as CallRequest<'history'>;
        return checked(name, { status: true, history: booked.filter((row) => row.gameuser === gameuser).map((row) => ({ ...row })) });
      }
      if (this.fate === 'request-lost') return undefined;
      if (idempotencyKey === undefined) throw new Error(`preview: ${name} is sent with its Idempotency-Key`);
      withdraw(name === 'gclubWithdraw' ? 'GCLUB' : 'UFA', request as CallRequest<'gclubWithdraw'>, idempotencyKey);
      return this.fate === 'reply-lost' ? undefined : checked(name, { status: true, pending: true });
    },
    complete(key) {
      const row = find(key);
      if (row) row.status = 'completed';
    },
  };
}
