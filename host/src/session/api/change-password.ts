import type { ChangePasswordRequest, StatusReply } from '@member/shared-core';
import { changePasswordReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

const endpoint = defineEndpoint<ChangePasswordRequest, StatusReply>({
  name: 'changePassword',
  method: 'post',
  path: '/api/changePassword',
  encrypted: ['token', 'password', 'oldpassword'],
  reply: changePasswordReplySchema,
});

export const changePassword = (request: ChangePasswordRequest) => callApi(endpoint, request);
