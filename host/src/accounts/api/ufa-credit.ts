import type { UfaUserRequest, UfaCreditReply } from '@member/shared-core';
import { ufaCreditReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

const endpoint = defineEndpoint<UfaUserRequest, UfaCreditReply>({
  name: 'ufaCredit',
  method: 'post',
  path: '/api/ufaCredit',
  idempotent: true,
  reply: ufaCreditReplySchema,
});

export const ufaCredit = (request: UfaUserRequest) => callApi(endpoint, request);
