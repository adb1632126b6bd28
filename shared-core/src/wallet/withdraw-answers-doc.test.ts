import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FINAL_WITHDRAW_REFUSALS } from '../types/api';
import { en } from '../i18n/en';
import { th } from '../i18n/th';
import { CHECKING_REASON_KEYS, WITHDRAW_PROBLEM_KEYS } from './withdraw-screen';

/** docs/deploy.md's "What the member sees of each answer": what an operator reads before going live. */
const doc = readFileSync(path.join(import.meta.dirname, '../../../docs/deploy.md'), 'utf8');
const section = doc.split(/^## /m).find((part) => part.startsWith('What the member sees of each answer')) ?? '';

const text = (messages: unknown, key: string): string =>
  key.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown>)[part], messages) as string;

describe("docs/deploy.md's answers and the screen", () => {
  it('names every refusal the contract defines as final', () => {
    for (const code of FINAL_WITHDRAW_REFUSALS) expect(section).toContain(`code: '${code}'`);
  });

  it.each([
    ['Thai', th],
    ['English', en],
  ] as const)('quotes, in %s, what the member reads for every refusal and every reason to check', (_language, messages) => {
    const keys = [
      ...FINAL_WITHDRAW_REFUSALS.map((code) => WITHDRAW_PROBLEM_KEYS[code]),
      WITHDRAW_PROBLEM_KEYS.unseen,
      WITHDRAW_PROBLEM_KEYS.settledRejected,
      ...Object.values(CHECKING_REASON_KEYS),
      'walletUi.withdraw.statusChecking',
      'walletUi.withdraw.statusPending',
      'walletUi.withdraw.statusDone',
      'walletUi.withdraw.askIn',
      'games.errors.passwordUnknown',
      'games.switchMainChecking',
    ];
    const missing = keys.filter((key) => !section.replace(/\s+/g, ' ').includes(text(messages, key).replace(/\s+/g, ' ')));
    expect(missing).toEqual([]);
  });
});
