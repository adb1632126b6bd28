import type { GclubOpenGameRequest, GclubOpenReply } from '@member/shared-core';
import { callApi } from '../api';
import { defineEndpoint } from '../endpoint';

const endpoint = defineEndpoint<GclubOpenGameRequest, GclubOpenReply>({
  name: 'gclubOpenGame',
  method: 'post',
  path: '/api/gclubOpenGame',
});

export const gclubOpenGame = (request: GclubOpenGameRequest) => callApi(endpoint, request);
