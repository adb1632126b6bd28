import type { LineLoginReply } from '@member/shared-core';
import { lineLoginReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

interface LineLoginRequest {
  state: string;
  dot: string;
}

const endpoint = defineEndpoint<LineLoginRequest, LineLoginReply>({
  name: 'lineLogin',
  method: 'get',
  path: '/api/lineLogin',
  idempotent: true,
  reply: lineLoginReplySchema,
});

export const lineLogin = (request: LineLoginRequest) => callApi(endpoint, request);
