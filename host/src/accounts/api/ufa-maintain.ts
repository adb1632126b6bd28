import type { UfaMaintainReply } from '@member/shared-core';
import { ufaMaintainReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

type EmptyRequest = Record<string, never>;

const endpoint = defineEndpoint<EmptyRequest, UfaMaintainReply>({
  name: 'ufaMaintain',
  method: 'post',
  path: '/api/ufaMaintain',
  idempotent: true,
  reply: ufaMaintainReplySchema,
});

export const ufaMaintain = (request: EmptyRequest) => callApi(endpoint, request);
