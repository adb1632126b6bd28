import type { GclubOpenGameRequest, GclubOpenReply } from '@member/shared-core';
import { gclubOpenReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

const endpoint = defineEndpoint<GclubOpenGameRequest, GclubOpenReply>({
  name: 'gclubOpenGame',
  method: 'post',
  path: '/api/gclubOpenGame',
  reply: gclubOpenReplySchema,
});

export const gclubOpenGame = (request: GclubOpenGameRequest) => callApi(endpoint, request);
