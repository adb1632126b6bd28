import type { RuntimeConfig } from '@member/shared-core';
import type { CallFacts, CallName, CallReply, CallRequest, OperatorCall, OperatorCalls } from '@member/shared-core/api/calls';
import { guardedChunk } from '../lib/chunk-guard';
import type { ApiClient, CallOptions } from './client';

// Every call waits for it, so it has the full chunk guard: retried once, then the reload, then the built-in page.
const apiCore = guardedChunk(() => import(/* webpackChunkName: "api-core" */ './client'));

interface Api {
  client: ApiClient;
  calls: OperatorCalls;
}

// Not in the store: the client's code, loaded once for the page, with the config the boot hands it: every feature's call reads them outside React.
let api: Promise<Api> | null = null;
let configured: Pick<RuntimeConfig, 'apiBase' | 'crypto'> | null = null;

/** Called once the runtime config is known; the client code itself loads after first paint. */
export function configureApi(config: Pick<RuntimeConfig, 'apiBase' | 'crypto'>): void {
  configured = config;
  api = null;
}

function getApi(): Promise<Api> {
  if (!configured) return Promise.reject(new Error('API used before /config.json was loaded'));
  const config = configured;
  if (!api) {
    const created = apiCore.need().then((m) => ({ client: m.createApiClient(config), calls: m.OPERATOR_CALLS }));
    created.catch(() => {
      if (api === created) api = null;
    });
    api = created;
  }
  return api;
}

/**
 * Makes the operator call of the catalogue named `name` (`@member/shared-core/api/calls`): its request and reply types,
 * path, encryption, retries and timeout are the entry's.
 */
export async function callApi<N extends CallName>(name: N, request: CallRequest<N>, options?: CallOptions): Promise<CallReply<N>> {
  const { client, calls } = await getApi();
  // The entry of `name`, typed by `name`: TypeScript does not narrow the catalogue's union by a generic key.
  return client.call(calls[name] as CallFacts as OperatorCall<N, CallRequest<N>, CallReply<N>>, request, options);
}
