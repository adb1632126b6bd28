import type { RegisterStep1Reply, RegisterStep1Request } from '@member/shared-core';
import { registerStep1ReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

const endpoint = defineEndpoint<RegisterStep1Request, RegisterStep1Reply>({
  name: 'registerStep1',
  method: 'post',
  path: '/api/registerStep1',
  encrypted: ['phone', 'password', 'line_token'],
  reply: registerStep1ReplySchema,
});

export const registerStep1 = (request: RegisterStep1Request) => callApi(endpoint, request);
