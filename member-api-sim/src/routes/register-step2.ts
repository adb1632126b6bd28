import type { RegisterStep2Reply } from '@member/shared-core';
import { api, unauthorized } from '../http/reply';
import type { Handler } from '../http/route';
import type { Sim } from '../sim';
import { isBankCode } from '../state/banks';
import { Fields, Problems } from '../wire/fields';

const ACCOUNT_NAME_MAX = 100;

/**
 * `registerStep2` {register_token (enc), bank_code, account_number (enc), account_name (enc)}: the member's
 * own bank account. Spaces and dashes in the number are ignored; it must then have 10 or 12 digits.
 */
export const registerStep2Handler =
  (sim: Sim): Handler =>
  ({ body }) => {
    const f = new Fields(body);
    const registration = sim.registrations.open(f.plain('register_token'));
    if (!registration) throw unauthorized();
    const bankCode = f.plain('bank_code');
    const accountNumber = f.plain('account_number')?.replace(/[\s-]/g, '');
    const accountName = f.plain('account_name')?.trim() || undefined;

    const problems = new Problems();
    if (bankCode === undefined) problems.add('bank_code', 'Required');
    else if (!isBankCode(bankCode)) problems.add('bank_code', 'Unknown bank');
    if (accountNumber === undefined) problems.add('account_number', 'Required');
    else if (!/^(?:\d{10}|\d{12})$/.test(accountNumber)) problems.add('account_number', 'Account number must have 10 or 12 digits');
    if (accountName === undefined) problems.add('account_name', 'Required');
    else if (accountName.length > ACCOUNT_NAME_MAX) problems.add('account_name', `At most ${ACCOUNT_NAME_MAX} characters`);
    const ok = problems.done({ bankCode: isBankCode(bankCode) ? bankCode : undefined, accountNumber, accountName });

    if (sim.members.byBankAccount(registration.prefix, ok.accountNumber)) {
      const reply: RegisterStep2Reply = {
        status: false,
        code: 'bank_account_registered',
        message: 'This bank account is already registered',
      };
      return api(reply);
    }
    registration.bank = { code: ok.bankCode, account_number: ok.accountNumber, account_name: ok.accountName };
    registration.step = 2;
    const reply: RegisterStep2Reply = { status: true };
    return api(reply);
  };
