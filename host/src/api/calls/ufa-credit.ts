import type { UfaUserRequest, UfaCreditReply } from '@member/shared-core';
import { callApi } from '../api';
import { defineEndpoint } from '../endpoint';

const endpoint = defineEndpoint<UfaUserRequest, UfaCreditReply>({
  name: 'ufaCredit',
  method: 'post',
  path: '/api/ufaCredit',
  idempotent: true,
});

export const ufaCredit = (request: UfaUserRequest) => callApi(endpoint, request);
