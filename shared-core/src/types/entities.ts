/** The entities, as they cross the wire and the bridge. */

export type LoginBy = 'phone' | 'line';
export type Service = 'GCLUB' | 'UFA';
export type Locale = 'th' | 'en';

export const BANK_CODES = [
  'KBANK', 'SCB', 'KTB', 'BBL', 'TTB', 'BAY', 'KK', 'CIMB', 'TISCO',
  'UOB', 'TCRB', 'LHB', 'ICBC', 'BAAC', 'GSB', 'GHB', 'IBANK',
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

/** Exactly the 8 fields of member_info. */
export interface MemberInfo {
  cid: number;
  account_name: string;
  account_number: string;
  phone: string;
  bank_th: string;
  bank_en: string;
  set: string;
  logo: string;
}

/** Exactly the 5 fields of profile. */
export interface Profile {
  email: string;
  name: string;
  picture: string;
  lineConnect: boolean;
  phoneConnect: boolean;
}

export interface BankAccount {
  account_name: string;
  account_number: string;
  bank_th: string;
  bank_en: string;
  set: string;
  logo: string;
}

/** The club's side of a member: contact, receiving bank and history. */
export interface AccWeb {
  lineID?: string;
  lineLink?: string;
  promoLink?: string;
  bank: BankAccount;
  new?: boolean;
}

/** A game-user record as the server sends it. */
export interface ServerGameUser {
  game_user: string;
  game_password: string;
  service: Service;
  main: boolean;
  generate: boolean;
}

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
