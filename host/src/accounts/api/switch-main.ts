import type { SwitchMainRequest, StatusReply } from '@member/shared-core';
import { switchMainReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

const endpoint = defineEndpoint<SwitchMainRequest, StatusReply>({
  name: 'switchMain',
  method: 'post',
  path: '/api/switchMain',
  // A 409, a 429 or another 4xx says nothing of what became of the change: the flow asks the server instead.
  repliesOnlyWhenOk: true,
  reply: switchMainReplySchema,
});

export const switchMain = (request: SwitchMainRequest) => callApi(endpoint, request);
