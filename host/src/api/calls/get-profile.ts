import type { GetProfileReply, GetProfileRequest } from '@member/shared-core';
import { callApi } from '../api';
import { defineEndpoint } from '../endpoint';

const endpoint = defineEndpoint<GetProfileRequest, GetProfileReply>({
  name: 'getProfile',
  method: 'post',
  path: '/api/getProfile',
  encrypted: ['token'],
  idempotent: true,
});

export const getProfile = (request: GetProfileRequest) => callApi(endpoint, request);
