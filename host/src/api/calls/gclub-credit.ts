import type { GclubTokenRequest, GclubCreditReply } from '@member/shared-core';
import { callApi } from '../api';
import { defineEndpoint } from '../endpoint';

const endpoint = defineEndpoint<GclubTokenRequest, GclubCreditReply>({
  name: 'gclubCredit',
  method: 'post',
  path: '/api/gclubCredit',
  idempotent: true,
});

export const gclubCredit = (request: GclubTokenRequest) => callApi(endpoint, request);
