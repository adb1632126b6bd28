import type { UfaLoginRequest, UfaLoginReply } from '@member/shared-core';
import { ufaLoginReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

const endpoint = defineEndpoint<UfaLoginRequest, UfaLoginReply>({
  name: 'ufaLogin',
  method: 'post',
  path: '/api/ufaLogin',
  reply: ufaLoginReplySchema,
});

export const ufaLogin = (request: UfaLoginRequest) => callApi(endpoint, request);
