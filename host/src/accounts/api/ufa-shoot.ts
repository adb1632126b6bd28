import type { UfaShootRequest, StatusReply } from '@member/shared-core';
import { ufaShootReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';

const endpoint = defineEndpoint<UfaShootRequest, StatusReply>({
  name: 'ufaShoot',
  method: 'post',
  path: '/api/ufaShoot',
  reply: ufaShootReplySchema,
});

export const ufaShoot = (request: UfaShootRequest) => callApi(endpoint, request);
