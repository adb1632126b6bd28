import type { GclubMaintainReply } from '@member/shared-core';
import { gclubMaintainReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

type EmptyRequest = Record<string, never>;

const endpoint = defineEndpoint<EmptyRequest, GclubMaintainReply>({
  name: 'gclubMaintain',
  method: 'post',
  path: '/api/gclubMaintain',
  idempotent: true,
  reply: gclubMaintainReplySchema,
});

export const gclubMaintain = (request: EmptyRequest) => callApi(endpoint, request);
