import type { Checked } from '../schema/validate';
import type { accWeb, bankAccount, memberInfo, profile, serverGameUser } from '../api/parts';

/** The entities, as they cross the wire and the bridge. */

export type LoginBy = 'phone' | 'line';
export type Service = 'GCLUB' | 'UFA';
export type Locale = 'th' | 'en';

export const BANK_CODES = [
  'KBANK',
  'SCB',
  'KTB',
  'BBL',
  'TTB',
  'BAY',
  'KK',
  'CIMB',
  'TISCO',
  'UOB',
  'TCRB',
  'LHB',
  'ICBC',
  'BAAC',
  'GSB',
  'GHB',
  'IBANK',
] as const;
export type BankCode = (typeof BANK_CODES)[number];

export interface AuthUser {
  access_token: string;
  username: string;
  email: string;
  name: string;
  picture: string;
  phone: string;
  cid: number;
  account_name: string;
  account_number: string;
  bank_th: string;
  bank_en: string;
  set: string;
  logo: string;
  phoneConnect: boolean;
  lineConnect: boolean;
}

/** The member's details, profile, the club's bank and game users as the server sends them (their schemas: `api/parts.ts`). */
export type MemberInfo = Checked<typeof memberInfo>;
export type Profile = Checked<typeof profile>;
export type BankAccount = Checked<typeof bankAccount>;
export type AccWeb = Checked<typeof accWeb>;
export type ServerGameUser = Checked<typeof serverGameUser>;

export interface GameAccount {
  gameuser: string;
  password: string;
  service: Service;
  balance: number | null;
  balance_update: string | null;
  balance_load: boolean;
  generate: boolean;
  main: boolean;
}
