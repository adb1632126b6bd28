import type { StatusReply } from '@member/shared-core';
import { api } from '../http/reply';
import type { Handler } from '../http/route';
import type { Sim } from '../sim';
import { Fields, Problems } from '../wire/fields';
import { requireMember } from './auth';
import { BAD_LINE_CODE } from './line-profile';

/** `checkLineConnect` {token (enc), code}: binds the LINE user of the code to the member. */
export const checkLineConnectHandler =
  (sim: Sim): Handler =>
  ({ body }) => {
    const f = new Fields(body);
    const token = f.plain('token');
    const { member } = requireMember(sim, token);
    const problems = new Problems();
    const ok = problems.done({ code: f.plain('code') });

    const answer = (reply: StatusReply) => api(reply);
    const grant = sim.lineCodes.consume(ok.code);
    if (!grant || grant.prefix !== member.prefix) return answer({ status: false, code: 'line_code_invalid', message: BAD_LINE_CODE });
    const holder = sim.members.byLineUser(member.prefix, grant.lineUserId);
    if (holder && holder.cid !== member.cid) {
      return answer({
        status: false,
        code: 'line_connected_elsewhere',
        message: 'This LINE account is already connected to another member',
      });
    }
    if (member.lineUserId !== null && member.lineUserId !== grant.lineUserId) {
      return answer({ status: false, code: 'member_has_line', message: 'This member is already connected to another LINE account' });
    }
    member.lineUserId = grant.lineUserId;
    member.lineName = grant.lineName;
    return answer({ status: true });
  };
