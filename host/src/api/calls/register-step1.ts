import type { RegisterStep1Reply, RegisterStep1Request } from '@member/shared-core';
import { callApi } from '../api';
import { defineEndpoint } from '../endpoint';

const endpoint = defineEndpoint<RegisterStep1Request, RegisterStep1Reply>({
  name: 'registerStep1',
  method: 'post',
  path: '/api/registerStep1',
  encrypted: ['phone', 'password', 'line_token'],
});

export const registerStep1 = (request: RegisterStep1Request) => callApi(endpoint, request);
