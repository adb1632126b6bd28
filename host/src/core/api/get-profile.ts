import type { GetProfileReply, GetProfileRequest } from '@member/shared-core';
import { getProfileReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import type { CallOptions } from '../../api/client';
import { defineEndpoint } from '../../api/endpoint';
import { EARLY_CALLS } from '../../api/early-calls';

const endpoint = defineEndpoint<GetProfileRequest, GetProfileReply>({
  name: 'getProfile',
  ...EARLY_CALLS.getProfile,
  encrypted: ['token'],
  idempotent: true,
  reply: getProfileReplySchema,
});

/** `onRetry` hears each retry of a failed attempt, so a screen can say it is still trying; `signal` stops it. */
export const getProfile = (request: GetProfileRequest, options?: Pick<CallOptions, 'onRetry' | 'signal'>) => callApi(endpoint, request, options);
