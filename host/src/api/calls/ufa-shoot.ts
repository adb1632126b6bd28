import type { UfaShootRequest, StatusReply } from '@member/shared-core';
import { callApi } from '../api';
import { defineEndpoint } from '../endpoint';

const endpoint = defineEndpoint<UfaShootRequest, StatusReply>({
  name: 'ufaShoot',
  method: 'post',
  path: '/api/ufaShoot',
});

export const ufaShoot = (request: UfaShootRequest) => callApi(endpoint, request);
