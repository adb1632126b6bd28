import type { GclubChangePwdRequest, StatusReply } from '@member/shared-core';
import { gclubChangePwdReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

const endpoint = defineEndpoint<GclubChangePwdRequest, StatusReply>({
  name: 'gclubChangePwd',
  method: 'post',
  path: '/api/gclubChangePwd',
  reply: gclubChangePwdReplySchema,
});

export const gclubChangePwd = (request: GclubChangePwdRequest) => callApi(endpoint, request);
