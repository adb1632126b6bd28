import type { UpdateGamePasswordRequest, StatusReply } from '@member/shared-core';
import { updateGamePasswordReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

const endpoint = defineEndpoint<UpdateGamePasswordRequest, StatusReply>({
  name: 'updateGamePassword',
  method: 'post',
  path: '/api/updateGamePassword',
  reply: updateGamePasswordReplySchema,
});

export const updateGamePassword = (request: UpdateGamePasswordRequest) => callApi(endpoint, request);
