import type { LoginReply } from '@member/shared-core';
import { api, unauthorized } from '../http/reply';
import type { Handler } from '../http/route';
import type { Sim } from '../sim';
import { gamePrefixFor, gameUser, registrationClubBank } from '../state/members';
import { loginReply } from '../views/member';
import { Fields } from '../wire/fields';

/**
 * `registerStep3` {register_token (enc)}: creates the member with one generated GCLUB account (main,
 * `generate: true`) and logs them in: a LoginReply with `accounts: true` and `acc_web.new: true`.
 */
export const registerStep3Handler =
  (sim: Sim): Handler =>
  ({ body }) => {
    const f = new Fields(body);
    const registration = sim.registrations.open(f.plain('register_token'));
    const site = sim.sites.get(registration?.prefix);
    if (!registration || !site) throw unauthorized();
    const answer = (reply: LoginReply) => api(reply);
    if (!registration.bank) return answer({ status: false, code: 'registration_incomplete', message: 'Bank details are missing (step 2)' });
    if (sim.members.byPhone(site.key, registration.phone))
      return answer({ status: false, code: 'phone_registered', message: 'This phone number is already registered' });
    if (registration.lineUserId && sim.members.byLineUser(site.key, registration.lineUserId)) {
      return answer({ status: false, code: 'line_registered', message: 'This LINE account is already registered' });
    }

    const gamePrefix = gamePrefixFor(sim.sites, site, 0);
    const member = sim.members.create(
      {
        prefix: site.key,
        phone: registration.phone,
        passwordHash: registration.passwordHash,
        name: registration.lineName ?? registration.bank.account_name,
        email: '',
        lineUserId: registration.lineUserId,
        lineName: registration.lineName,
        bank: registration.bank,
        clubBank: registrationClubBank(sim.sites, site),
        isNew: true,
      },
      (cid) => [gameUser(gamePrefix, 'GCLUB', cid, true, true)],
    );
    registration.step = 3;
    registration.completed = true;
    registration.cid = member.cid;
    if (registration.lineUserId) sim.sessions.revokeLineGuest(site.key, registration.lineUserId);

    const { token } = sim.sessions.issueMember(site.key, member.cid, registration.lineUserId ? 'line' : 'phone');
    return answer(loginReply(member, site, token, sim.urls));
  };
