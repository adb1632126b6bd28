import type { UfaUserRequest, UfaCheckLoggedReply } from '@member/shared-core';
import { ufaCheckLoggedReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

const endpoint = defineEndpoint<UfaUserRequest, UfaCheckLoggedReply>({
  name: 'ufaCheckLogged',
  method: 'post',
  path: '/api/ufaCheckLogged',
  idempotent: true,
  reply: ufaCheckLoggedReplySchema,
});

export const ufaCheckLogged = (request: UfaUserRequest) => callApi(endpoint, request);
