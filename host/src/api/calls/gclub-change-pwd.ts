import type { GclubChangePwdRequest, StatusReply } from '@member/shared-core';
import { callApi } from '../api';
import { defineEndpoint } from '../endpoint';

const endpoint = defineEndpoint<GclubChangePwdRequest, StatusReply>({
  name: 'gclubChangePwd',
  method: 'post',
  path: '/api/gclubChangePwd',
});

export const gclubChangePwd = (request: GclubChangePwdRequest) => callApi(endpoint, request);
