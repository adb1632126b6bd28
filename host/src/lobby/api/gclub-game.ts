import type { GclubGameReply, GclubGameRequest } from '@member/shared-core';
import { gclubGameReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

const endpoint = defineEndpoint<GclubGameRequest, GclubGameReply>({
  name: 'gclubGame',
  method: 'post',
  path: '/api/gclubGame',
  idempotent: true,
  reply: gclubGameReplySchema,
});

export const gclubGame = (request: GclubGameRequest) => callApi(endpoint, request);
