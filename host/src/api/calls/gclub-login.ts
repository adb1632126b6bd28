import type { GclubLoginRequest, GclubLoginReply } from '@member/shared-core';
import { callApi } from '../api';
import { defineEndpoint } from '../endpoint';

const endpoint = defineEndpoint<GclubLoginRequest, GclubLoginReply>({
  name: 'gclubLogin',
  method: 'post',
  path: '/api/gclubLogin',
});

export const gclubLogin = (request: GclubLoginRequest) => callApi(endpoint, request);
