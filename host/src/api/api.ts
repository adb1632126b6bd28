import type { RuntimeConfig } from '@member/shared-core';
import { guardedChunk } from '../lib/chunk-guard';
import type { ApiClient, CallOptions } from './client';
import type { Endpoint } from './endpoint';

// Every call waits for it, so it has the full chunk guard: retried once, then the reload, then the built-in page.
const apiCore = guardedChunk(() => import(/* webpackChunkName: "api-core" */ './client'));

let client: Promise<ApiClient> | null = null;
let configured: Pick<RuntimeConfig, 'apiBase' | 'crypto'> | null = null;

/** Called once the runtime config is known; the client code itself loads after first paint. */
export function configureApi(config: Pick<RuntimeConfig, 'apiBase' | 'crypto'>): void {
  configured = config;
  client = null;
}

function getClient(): Promise<ApiClient> {
  if (!configured) return Promise.reject(new Error('API used before /config.json was loaded'));
  const config = configured;
  if (!client) {
    const created = apiCore.need().then((m) => m.createApiClient(config));
    created.catch(() => {
      if (client === created) client = null;
    });
    client = created;
  }
  return client;
}

export async function callApi<Request extends object, Reply>(endpoint: Endpoint<Request, Reply>, request: Request, options?: CallOptions): Promise<Reply> {
  return (await getClient()).call(endpoint, request, options);
}
