import type { UpdateGamePasswordRequest, StatusReply } from '@member/shared-core';
import { updateGamePasswordReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

const endpoint = defineEndpoint<UpdateGamePasswordRequest, StatusReply>({
  name: 'updateGamePassword',
  method: 'post',
  path: '/api/updateGamePassword',
  // A 409, a 429 or another 4xx says nothing of what became of the change: the flow asks the server instead.
  repliesOnlyWhenOk: true,
  reply: updateGamePasswordReplySchema,
});

export const updateGamePassword = (request: UpdateGamePasswordRequest) => callApi(endpoint, request);
