import type { LoginReply } from '@member/shared-core';
import { loginReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

interface LineProfileRequest {
  prefix: string;
  code: string;
  dot: string;
}

// A LINE code is single use: never retried.
const endpoint = defineEndpoint<LineProfileRequest, LoginReply>({
  name: 'lineProfile',
  method: 'get',
  path: '/api/lineProfile',
  reply: loginReplySchema,
});

export const lineProfile = (request: LineProfileRequest) => callApi(endpoint, request);
