import type { GclubChangePwdRequest, StatusReply } from '@member/shared-core';
import { gclubChangePwdReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

const endpoint = defineEndpoint<GclubChangePwdRequest, StatusReply>({
  name: 'gclubChangePwd',
  method: 'post',
  path: '/api/gclubChangePwd',
  // A 409, a 429 or another 4xx says nothing of what became of the change: the flow asks the server instead.
  repliesOnlyWhenOk: true,
  reply: gclubChangePwdReplySchema,
});

export const gclubChangePwd = (request: GclubChangePwdRequest) => callApi(endpoint, request);
