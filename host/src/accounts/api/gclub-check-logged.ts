import type { GclubTokenRequest, GclubCheckLoggedReply } from '@member/shared-core';
import { gclubCheckLoggedReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

const endpoint = defineEndpoint<GclubTokenRequest, GclubCheckLoggedReply>({
  name: 'gclubCheckLogged',
  method: 'post',
  path: '/api/gclubCheckLogged',
  idempotent: true,
  reply: gclubCheckLoggedReplySchema,
});

export const gclubCheckLogged = (request: GclubTokenRequest) => callApi(endpoint, request);
