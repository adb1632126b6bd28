import type { HistoryReply, HistoryRequest } from '@member/shared-core';
import { historyReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

const endpoint = defineEndpoint<HistoryRequest, HistoryReply>({
  name: 'history',
  method: 'post',
  path: '/api/history',
  idempotent: true,
  reply: historyReplySchema,
});

export const history = (request: HistoryRequest) => callApi(endpoint, request);
