import type { BankCode, ServerGameUser } from '@member/shared-core';
import { hashPassword } from './passwords';
import type { SimSite, SiteDirectory } from './sites';

export interface BankDetails {
  code: BankCode;
  account_name: string;
  account_number: string;
}

export interface Member {
  cid: number;
  prefix: string;
  phone: string;
  /** null: no phone login yet (a LINE-first member before phoneConnect). */
  passwordHash: string | null;
  name: string;
  email: string;
  lineUserId: string | null;
  lineName: string | null;
  /** The member's own account (member_info). */
  bank: BankDetails;
  /** The club's receiving account for this member (acc_web.bank). */
  clubBank: BankDetails;
  games: ServerGameUser[];
  /** acc_web.new: true for a member who registered since the last reset. */
  isNew: boolean;
}

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_PHONE_LINE = '0812345678';
export const DEMO_PHONE_PLAIN = '0899999999';
export const UNREGISTERED_PHONE = '0800000000';
const FIRST_REGISTERED_CID = 5001;

export const demoLineUserId = (prefix: string) => `U-demo-${prefix}`;

/** Game users start with the site prefix; on a divided site with a division prefix (`ufkklacsag1`…). */
export function gamePrefixFor(sites: SiteDirectory, site: SimSite, preferred: number): string {
  const divisions = sites.divisionsOf(site);
  if (divisions.length === 0) return site.key;
  return divisions[preferred] ?? divisions[0]!;
}

export const gameUser = (
  gamePrefix: string,
  service: ServerGameUser['service'],
  cid: number,
  generate: boolean,
  main: boolean,
): ServerGameUser => ({
  game_user: `${gamePrefix}${service === 'GCLUB' ? 'g' : 'u'}${cid}`,
  game_password: `${service === 'GCLUB' ? 'Gc' : 'Uf'}${cid}pw`,
  service,
  main,
  generate,
});

export const clubAccountName = (site: SimSite) => `บจก. ${site.brand.name}`;

/** The seed of one site (index i in sites.json): the two members of the brief's table. */
function seedSite(sites: SiteDirectory, site: SimSite, i: number, passwordHash: string): Member[] {
  const lineMemberCid = 1001 + i * 10;
  const plainMemberCid = 1002 + i * 10;
  const lineGames = gamePrefixFor(sites, site, 0);
  const plainGames = gamePrefixFor(sites, site, 2);
  return [
    {
      cid: lineMemberCid,
      prefix: site.key,
      phone: DEMO_PHONE_LINE,
      passwordHash,
      name: 'สมชาย ใจดี',
      email: `somchai.${site.key}@example.com`,
      lineUserId: demoLineUserId(site.key),
      lineName: 'สมชาย LINE',
      bank: { code: 'KBANK', account_name: 'สมชาย ใจดี', account_number: `12345678${i}0` },
      clubBank: { code: 'SCB', account_name: clubAccountName(site), account_number: `40712345${i}6` },
      games: [gameUser(lineGames, 'GCLUB', lineMemberCid, false, false), gameUser(lineGames, 'UFA', lineMemberCid, false, true)],
      isNew: false,
    },
    {
      cid: plainMemberCid,
      prefix: site.key,
      phone: DEMO_PHONE_PLAIN,
      passwordHash,
      name: '<b>Nok</b> นกน้อย',
      email: '',
      lineUserId: null,
      lineName: null,
      bank: { code: 'GSB', account_name: 'นกน้อย บินสูง', account_number: `0201234567${i}8` },
      clubBank: { code: 'BAAC', account_name: clubAccountName(site), account_number: `1020304050${i}6` },
      games: [gameUser(plainGames, 'GCLUB', plainMemberCid, false, true)],
      isNew: false,
    },
  ];
}

/** The club's receiving account given to members who register (10 digits, KTB). */
export function registrationClubBank(sites: SiteDirectory, site: SimSite): BankDetails {
  const i = Math.max(0, sites.keys().indexOf(site.key));
  return { code: 'KTB', account_name: clubAccountName(site), account_number: `98765432${i}1` };
}

export class MemberStore {
  private members: Member[] = [];
  private nextCid = FIRST_REGISTERED_CID;

  /** `onCreate` runs for every member created after the seed (registration, `/__sim/members`): it opens their game accounts. */
  constructor(
    private readonly sites: SiteDirectory,
    private readonly onCreate: (member: Member) => void = () => {},
  ) {
    this.reset();
  }

  reset(): void {
    const passwordHash = hashPassword(DEMO_PASSWORD);
    this.members = this.sites.sites.flatMap((site, i) => seedSite(this.sites, site, i, passwordHash));
    this.nextCid = FIRST_REGISTERED_CID;
  }

  byPhone(prefix: string, phone: string): Member | undefined {
    return this.members.find((m) => m.prefix === prefix && m.phone === phone);
  }

  byCid(prefix: string, cid: number): Member | undefined {
    return this.members.find((m) => m.prefix === prefix && m.cid === cid);
  }

  byLineUser(prefix: string, lineUserId: string): Member | undefined {
    return this.members.find((m) => m.prefix === prefix && m.lineUserId === lineUserId);
  }

  byBankAccount(prefix: string, accountNumber: string): Member | undefined {
    return this.members.find((m) => m.prefix === prefix && m.bank.account_number === accountNumber);
  }

  /** Members of a site who have a LINE user bound, for the LINE authorize page. */
  lineMembers(prefix: string): Member[] {
    return this.members.filter((m) => m.prefix === prefix && m.lineUserId !== null);
  }

  /** The member who holds a game user (game users are unique across sites), with that game account. */
  byGameUser(gameuser: string | undefined): { member: Member; game: ServerGameUser } | undefined {
    if (!gameuser) return undefined;
    for (const member of this.members) {
      const game = member.games.find((g) => g.game_user === gameuser);
      if (game) return { member, game };
    }
    return undefined;
  }

  /** Every game account of every member, in seed order. */
  gameAccounts(): Array<{ member: Member; game: ServerGameUser }> {
    return this.members.flatMap((member) => member.games.map((game) => ({ member, game })));
  }

  create(fields: Omit<Member, 'cid' | 'games'>, games: (cid: number) => ServerGameUser[]): Member {
    const cid = this.nextCid++;
    const member: Member = { ...fields, cid, games: games(cid) };
    this.members.push(member);
    this.onCreate(member);
    return member;
  }
}
