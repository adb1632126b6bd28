import type { GclubTokenRequest, GclubCreditReply } from '@member/shared-core';
import { gclubCreditReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

const endpoint = defineEndpoint<GclubTokenRequest, GclubCreditReply>({
  name: 'gclubCredit',
  method: 'post',
  path: '/api/gclubCredit',
  idempotent: true,
  reply: gclubCreditReplySchema,
});

export const gclubCredit = (request: GclubTokenRequest) => callApi(endpoint, request);
