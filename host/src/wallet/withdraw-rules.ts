export const DEFAULT_MIN_WITHDRAW = 100;

export { validateAmount, type AmountError } from '@member/shared-core/helpers/amount';
