import type { SwitchMainRequest, StatusReply } from '@member/shared-core';
import { callApi } from '../api';
import { defineEndpoint } from '../endpoint';

const endpoint = defineEndpoint<SwitchMainRequest, StatusReply>({
  name: 'switchMain',
  method: 'post',
  path: '/api/switchMain',
});

export const switchMain = (request: SwitchMainRequest) => callApi(endpoint, request);
