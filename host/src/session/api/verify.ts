import type { VerifyReply, VerifyRequest } from '@member/shared-core';
import { verifyReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

const endpoint = defineEndpoint<VerifyRequest, VerifyReply>({
  name: 'verify',
  method: 'post',
  path: '/api/verify',
  encrypted: ['token'],
  timeoutMs: 8_000,
  reply: verifyReplySchema,
});

export const verify = (request: VerifyRequest) => callApi(endpoint, request);
