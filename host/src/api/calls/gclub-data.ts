import type { GclubDataRequest, GclubDataReply } from '@member/shared-core';
import { gclubDataReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../api';
import { defineEndpoint } from '../endpoint';

const endpoint = defineEndpoint<GclubDataRequest, GclubDataReply>({
  name: 'gclubData',
  method: 'post',
  path: '/api/gclubData',
  reply: gclubDataReplySchema,
});

export const gclubData = (request: GclubDataRequest) => callApi(endpoint, request);
