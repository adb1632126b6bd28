import type { UfaChangePwdRequest, StatusReply } from '@member/shared-core';
import { callApi } from '../api';
import { defineEndpoint } from '../endpoint';

const endpoint = defineEndpoint<UfaChangePwdRequest, StatusReply>({
  name: 'ufaChangePwd',
  method: 'post',
  path: '/api/ufaChangePwd',
});

export const ufaChangePwd = (request: UfaChangePwdRequest) => callApi(endpoint, request);
