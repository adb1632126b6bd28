import type { UfaLoginRequest, UfaLoginReply } from '@member/shared-core';
import { callApi } from '../api';
import { defineEndpoint } from '../endpoint';

const endpoint = defineEndpoint<UfaLoginRequest, UfaLoginReply>({
  name: 'ufaLogin',
  method: 'post',
  path: '/api/ufaLogin',
});

export const ufaLogin = (request: UfaLoginRequest) => callApi(endpoint, request);
