import type { GclubDataRequest, GclubDataReply } from '@member/shared-core';
import { callApi } from '../api';
import { defineEndpoint } from '../endpoint';

const endpoint = defineEndpoint<GclubDataRequest, GclubDataReply>({
  name: 'gclubData',
  method: 'post',
  path: '/api/gclubData',
});

export const gclubData = (request: GclubDataRequest) => callApi(endpoint, request);
