import type { LineLoginReply } from '@member/shared-core';
import { callApi } from '../api';
import { defineEndpoint } from '../endpoint';

interface LineLoginRequest {
  state: string;
  dot: string;
}

const endpoint = defineEndpoint<LineLoginRequest, LineLoginReply>({
  name: 'lineLogin',
  method: 'get',
  path: '/api/lineLogin',
  idempotent: true,
});

export const lineLogin = (request: LineLoginRequest) => callApi(endpoint, request);
