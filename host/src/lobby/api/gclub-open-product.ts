import type { GclubOpenProductRequest, GclubOpenReply } from '@member/shared-core';
import type { GclubProductCall } from '@member/shared-core/games/products';
import { gclubOpenReplySchema } from '@member/shared-core/schema/api-replies';
import { callApi } from '../../api/api';
import { defineEndpoint, type Endpoint } from '../../api/endpoint';

const endpoints = new Map<GclubProductCall, Endpoint<GclubOpenProductRequest, GclubOpenReply>>();

/** The eleven GCLUB product calls share one shape: `{token}` → `result.urlInfo`. */
export function gclubOpenProduct(call: GclubProductCall, request: GclubOpenProductRequest) {
  let endpoint = endpoints.get(call);
  if (!endpoint) {
    endpoint = defineEndpoint<GclubOpenProductRequest, GclubOpenReply>({ name: call, method: 'post', path: `/api/${call}`, reply: gclubOpenReplySchema });
    endpoints.set(call, endpoint);
  }
  return callApi(endpoint, request);
}
