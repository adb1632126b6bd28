import type { CallName, OperatorCall } from '@member/shared-core/api/calls';
import type { CallOptions } from './client';

/** A test's stand-in for one operator call: it gets the request, and the options where the caller gave some. */
type FakeCall = (request: never, options?: CallOptions) => unknown;

/**
 * For unit tests, in place of `core/api/api.ts`: `callApi` hands each call to the fake named after it, and a call without
 * one fails as it does before the runtime config is known. `vi.mock('./api', async () => (await
 * import('./test-calls')).fakeApi({ verify }))`.
 */
export function fakeApi(fakes: Partial<Record<CallName, FakeCall>>) {
  return {
    configureApi: (): void => undefined,
    callApi: (name: CallName, request: unknown, options?: CallOptions): unknown => {
      const fake = fakes[name];
      if (!fake) return Promise.reject(new Error('API used before /config.json was loaded'));
      return options === undefined ? fake(request as never) : fake(request as never, options);
    },
  };
}

/**
 * For the client's own tests: a call defined in place, with the catalogue entry's defaults (no encrypted field,
 * never retried, the standard timeout) for whatever it does not say.
 */
export function testCall<Request extends object, Reply>(
  call: Pick<OperatorCall<string, Request, Reply>, 'name' | 'method' | 'path' | 'reply'> & Partial<OperatorCall<string, Request, Reply>>,
): OperatorCall<string, Request, Reply> {
  return { encrypted: [], idempotent: false, timeout: 'standard', repliesOnlyWhenOk: false, request: (v) => v as Request, ...call };
}
