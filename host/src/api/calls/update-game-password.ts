import type { UpdateGamePasswordRequest, StatusReply } from '@member/shared-core';
import { callApi } from '../api';
import { defineEndpoint } from '../endpoint';

const endpoint = defineEndpoint<UpdateGamePasswordRequest, StatusReply>({
  name: 'updateGamePassword',
  method: 'post',
  path: '/api/updateGamePassword',
});

export const updateGamePassword = (request: UpdateGamePasswordRequest) => callApi(endpoint, request);
