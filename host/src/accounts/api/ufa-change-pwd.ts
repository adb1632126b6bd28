import type { UfaChangePwdRequest, StatusReply } from '@member/shared-core';
import { ufaChangePwdReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

const endpoint = defineEndpoint<UfaChangePwdRequest, StatusReply>({
  name: 'ufaChangePwd',
  method: 'post',
  path: '/api/ufaChangePwd',
  // A 409, a 429 or another 4xx says nothing of what became of the change: the flow asks the server instead.
  repliesOnlyWhenOk: true,
  reply: ufaChangePwdReplySchema,
});

export const ufaChangePwd = (request: UfaChangePwdRequest) => callApi(endpoint, request);
