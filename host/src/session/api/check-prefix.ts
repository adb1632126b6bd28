import type { CheckPrefixReply } from '@member/shared-core';
import { checkPrefixReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint } from '../../api/endpoint';
import { EARLY_CALLS } from '../../api/early-calls';

interface CheckPrefixRequest {
  prefix: string;
  divisions: 'true' | 'false';
}

const checkPrefixEndpoint = defineEndpoint<CheckPrefixRequest, CheckPrefixReply>({
  name: 'checkPrefix',
  ...EARLY_CALLS.checkPrefix,
  idempotent: true,
  timeoutMs: 8_000,
  reply: checkPrefixReplySchema,
});

export const checkPrefix = (request: CheckPrefixRequest) => callApi(checkPrefixEndpoint, request);
