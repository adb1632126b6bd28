import type { GclubDataRequest, GclubDataReply } from '@member/shared-core';
import { gclubDataReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

const endpoint = defineEndpoint<GclubDataRequest, GclubDataReply>({
  name: 'gclubData',
  method: 'post',
  path: '/api/gclubData',
  reply: gclubDataReplySchema,
});

export const gclubData = (request: GclubDataRequest) => callApi(endpoint, request);
