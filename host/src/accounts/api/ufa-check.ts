import type { UfaCheckRequest, UfaCheckReply } from '@member/shared-core';
import { ufaCheckReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

const endpoint = defineEndpoint<UfaCheckRequest, UfaCheckReply>({
  name: 'ufaCheck',
  method: 'post',
  path: '/api/ufaCheck',
  idempotent: true,
  reply: ufaCheckReplySchema,
});

export const ufaCheck = (request: UfaCheckRequest) => callApi(endpoint, request);
