import type { GclubLoginRequest, GclubLoginReply } from '@member/shared-core';
import { gclubLoginReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

const endpoint = defineEndpoint<GclubLoginRequest, GclubLoginReply>({
  name: 'gclubLogin',
  method: 'post',
  path: '/api/gclubLogin',
  reply: gclubLoginReplySchema,
});

export const gclubLogin = (request: GclubLoginRequest) => callApi(endpoint, request);
