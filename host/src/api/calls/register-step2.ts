import type { RegisterStep2Reply, RegisterStep2Request } from '@member/shared-core';
import { callApi } from '../api';
import { defineEndpoint } from '../endpoint';

const endpoint = defineEndpoint<RegisterStep2Request, RegisterStep2Reply>({
  name: 'registerStep2',
  method: 'post',
  path: '/api/registerStep2',
  encrypted: ['register_token', 'account_number', 'account_name'],
});

export const registerStep2 = (request: RegisterStep2Request) => callApi(endpoint, request);
