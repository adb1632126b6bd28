import type { LoginReply, RegisterStep3Request } from '@member/shared-core';
import { loginReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

const endpoint = defineEndpoint<RegisterStep3Request, LoginReply>({
  name: 'registerStep3',
  method: 'post',
  path: '/api/registerStep3',
  encrypted: ['register_token'],
  reply: loginReplySchema,
});

export const registerStep3 = (request: RegisterStep3Request) => callApi(endpoint, request);
