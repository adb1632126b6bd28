import type { LineConnectReply, LineConnectRequest } from '@member/shared-core';
import { lineConnectReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

const endpoint = defineEndpoint<LineConnectRequest, LineConnectReply>({
  name: 'lineConnect',
  method: 'post',
  path: '/api/lineConnect',
  encrypted: ['token'],
  reply: lineConnectReplySchema,
});

export const lineConnect = (request: LineConnectRequest) => callApi(endpoint, request);
