import type { RegisterStep2Reply, RegisterStep2Request } from '@member/shared-core';
import { registerStep2ReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

const endpoint = defineEndpoint<RegisterStep2Request, RegisterStep2Reply>({
  name: 'registerStep2',
  method: 'post',
  path: '/api/registerStep2',
  encrypted: ['register_token', 'account_number', 'account_name'],
  reply: registerStep2ReplySchema,
});

export const registerStep2 = (request: RegisterStep2Request) => callApi(endpoint, request);
