import type { CheckLineConnectRequest, StatusReply } from '@member/shared-core';
import { checkLineConnectReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

const endpoint = defineEndpoint<CheckLineConnectRequest, StatusReply>({
  name: 'checkLineConnect',
  method: 'post',
  path: '/api/checkLineConnect',
  encrypted: ['token'],
  reply: checkLineConnectReplySchema,
});

export const checkLineConnect = (request: CheckLineConnectRequest) => callApi(endpoint, request);
