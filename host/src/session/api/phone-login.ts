import type { LoginReply, PhoneLoginRequest } from '@member/shared-core';
import { loginReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

const endpoint = defineEndpoint<PhoneLoginRequest, LoginReply>({
  name: 'phoneLogin',
  method: 'post',
  path: '/api/phoneLogin',
  encrypted: ['username', 'password', 'state', 'prefix', 'divisions'],
  reply: loginReplySchema,
});

export const phoneLogin = (request: PhoneLoginRequest, signal?: AbortSignal) => callApi(endpoint, request, signal ? { signal } : undefined);
