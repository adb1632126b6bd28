import type { AccWeb, AccWebWithdrawLimit, BankAccount, LineContact, LoginReply, MemberInfo, Profile } from '@member/shared-core';
import { bankOf } from '../state/banks';
import { MIN_WITHDRAW_BAHT } from '../state/ledger';
import type { BankDetails, Member } from '../state/members';
import type { SimSite } from '../state/sites';

/** Absolute URLs of what the simulator serves itself (bank logos, LINE avatars). */
export interface PublicUrls {
  base: string;
  bankLogo(code: string): string;
  avatar(lineUserId: string): string;
  /** A UFA product's launch page (`/launch/ufa/{key}?accid=…`); never a token in it. */
  ufaLaunch(key: string, accid: string): string;
}

export function publicUrls(base: string): PublicUrls {
  const root = base.replace(/\/+$/, '');
  return {
    base: root,
    bankLogo: (code) => `${root}/bank-logos/${encodeURIComponent(code)}.svg`,
    avatar: (lineUserId) => `${root}/avatars/${encodeURIComponent(lineUserId)}.svg`,
    ufaLaunch: (key, accid) => `${root}/launch/ufa/${encodeURIComponent(key)}?${new URLSearchParams({ accid }).toString()}`,
  };
}

function bankAccount(details: BankDetails, urls: PublicUrls): BankAccount {
  const bank = bankOf(details.code);
  return {
    account_name: details.account_name,
    account_number: details.account_number,
    bank_th: bank?.th ?? details.code,
    bank_en: bank?.en ?? details.code,
    set: details.code,
    logo: urls.bankLogo(details.code),
  };
}

/** Exactly the 8 fields . */
export function memberInfo(member: Member, urls: PublicUrls): MemberInfo {
  const bank = bankAccount(member.bank, urls);
  return {
    cid: member.cid,
    account_name: bank.account_name,
    account_number: bank.account_number,
    phone: member.phone,
    bank_th: bank.bank_th,
    bank_en: bank.bank_en,
    set: bank.set,
    logo: bank.logo,
  };
}

/** Exactly the 5 fields . */
export function profileOf(member: Member, urls: PublicUrls): Profile {
  return {
    email: member.email,
    name: member.name,
    picture: member.lineUserId ? urls.avatar(member.lineUserId) : '',
    lineConnect: member.lineUserId !== null,
    phoneConnect: member.passwordHash !== null,
  };
}

/** The profile of a LINE user who has no member yet (registration-scoped session). */
export function lineGuestProfile(lineUserId: string, lineName: string, urls: PublicUrls): Profile {
  return { email: '', name: lineName, picture: urls.avatar(lineUserId), lineConnect: true, phoneConnect: false };
}

/** On a divided site the contact is picked by the prefix the main game user starts with. */
function contactFor(value: LineContact, member: Member): string {
  if (typeof value === 'string') return value;
  const user = (member.games.find((g) => g.main) ?? member.games[0])?.game_user ?? '';
  const key = Object.keys(value)
    .filter((division) => user.startsWith(division))
    .sort((a, b) => b.length - a.length)[0];
  return (key !== undefined ? value[key] : Object.values(value)[0]) ?? '';
}

/** acc_web, with the site's minimum withdrawal (`minWithdraw`, baht) beside the AccWeb fields. */
export function accWebOf(member: Member, site: SimSite, urls: PublicUrls): AccWeb & AccWebWithdrawLimit {
  return {
    lineID: contactFor(site.brand.lineId, member),
    lineLink: contactFor(site.brand.lineLink, member),
    promoLink: site.brand.promoLink,
    bank: bankAccount(member.clubBank, urls),
    new: member.isNew,
    minWithdraw: MIN_WITHDRAW_BAHT,
  };
}

/** The member's whole picture; with a token for a login (or a rotation), without one for a plain profile read. */
export function loginReply(member: Member, site: SimSite, accessToken: string | null, urls: PublicUrls): LoginReply {
  return {
    status: true,
    accounts: true,
    ...(accessToken !== null ? { access_token: accessToken } : {}),
    member_info: memberInfo(member, urls),
    acc_web: accWebOf(member, site, urls),
    profile: profileOf(member, urls),
    games: member.games.map((g) => ({ ...g })),
  };
}
