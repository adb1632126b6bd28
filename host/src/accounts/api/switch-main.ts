import type { SwitchMainRequest, StatusReply } from '@member/shared-core';
import { switchMainReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

const endpoint = defineEndpoint<SwitchMainRequest, StatusReply>({
  name: 'switchMain',
  method: 'post',
  path: '/api/switchMain',
  reply: switchMainReplySchema,
});

export const switchMain = (request: SwitchMainRequest) => callApi(endpoint, request);
