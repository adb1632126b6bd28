import type { UfaMaintainReply } from '@member/shared-core';
import { callApi } from '../api';
import { defineEndpoint } from '../endpoint';

type EmptyRequest = Record<string, never>;

const endpoint = defineEndpoint<EmptyRequest, UfaMaintainReply>({
  name: 'ufaMaintain',
  method: 'post',
  path: '/api/ufaMaintain',
  idempotent: true,
});

export const ufaMaintain = (request: EmptyRequest) => callApi(endpoint, request);
