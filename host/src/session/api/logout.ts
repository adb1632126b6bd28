import type { LogoutRequest, StatusReply } from '@member/shared-core';
import { logoutReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

const endpoint = defineEndpoint<LogoutRequest, StatusReply>({
  name: 'logout',
  method: 'post',
  path: '/api/logout',
  encrypted: ['token'],
  timeoutMs: 6_000,
  reply: logoutReplySchema,
});

export const logout = (request: LogoutRequest) => callApi(endpoint, request);
