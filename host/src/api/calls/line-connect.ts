import type { LineConnectReply, LineConnectRequest } from '@member/shared-core';
import { callApi } from '../api';
import { defineEndpoint } from '../endpoint';

const endpoint = defineEndpoint<LineConnectRequest, LineConnectReply>({
  name: 'lineConnect',
  method: 'post',
  path: '/api/lineConnect',
  encrypted: ['token'],
});

export const lineConnect = (request: LineConnectRequest) => callApi(endpoint, request);
