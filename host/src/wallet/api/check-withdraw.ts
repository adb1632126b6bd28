import type { CheckWithdrawReply, CheckWithdrawRequest } from '@member/shared-core';
import { checkWithdrawReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

const endpoint = defineEndpoint<CheckWithdrawRequest, CheckWithdrawReply>({
  name: 'checkWithdraw',
  method: 'post',
  path: '/api/checkWithdraw',
  idempotent: true,
  reply: checkWithdrawReplySchema,
});

/** Reply status false (and `pending`): a withdrawal of this game user is still being processed. */
export const checkWithdraw = (request: CheckWithdrawRequest) => callApi(endpoint, request);
