import type { GclubGameReply, GclubGameRequest } from '@member/shared-core';
import { gclubGameReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';
import { EARLY_CALLS } from '../../api/early-calls';

const endpoint = defineEndpoint<GclubGameRequest, GclubGameReply>({
  name: 'gclubGame',
  ...EARLY_CALLS.gclubGame,
  idempotent: true,
  reply: gclubGameReplySchema,
});

export const gclubGame = (request: GclubGameRequest) => callApi(endpoint, request);
