import type { PhoneConnectReply, PhoneConnectRequest } from '@member/shared-core';
import { phoneConnectReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

const endpoint = defineEndpoint<PhoneConnectRequest, PhoneConnectReply>({
  name: 'phoneConnect',
  method: 'post',
  path: '/api/phoneConnect',
  encrypted: ['token', 'phone', 'password'],
  reply: phoneConnectReplySchema,
});

export const phoneConnect = (request: PhoneConnectRequest) => callApi(endpoint, request);
