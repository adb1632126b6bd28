import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_CALLS } from '@member/shared-core/api/calls';
import { startTestSim, type TestSim } from '../testing/harness';

/** Every call of the catalogue is routed as its entry says: the simulator writes no method, path or encrypted field of its own. */
describe('the routes of the catalogue', () => {
  let t: TestSim;
  beforeAll(async () => {
    t = await startTestSim();
  });
  afterAll(() => t.close());

  it('answer each call on its method and path, and no other method', async () => {
    for (const call of Object.values(OPERATOR_CALLS)) {
      const other = call.method === 'get' ? 'POST' : 'GET';
      const asked = await fetch(`${t.base}${call.path}`, {
        method: call.method.toUpperCase(),
        headers: call.method === 'post' ? { 'Content-Type': 'application/json' } : {},
        ...(call.method === 'post' ? { body: '{}' } : {}),
      });
      expect([call.name, asked.status === 404 || asked.status === 405]).toEqual([call.name, false]);
      // gclubData also answers its published GET form.
      if (call.name === 'gclubData') continue;
      const wrong = await fetch(`${t.base}${call.path}`, { method: other });
      expect([call.name, wrong.status]).toEqual([call.name, 405]);
    }
  });

  it('open the encrypted fields before the handler: one that is not ciphertext, or not a string, is a 400 naming it', async () => {
    const notText = await t.apiPost('/api/changePassword', { token: t.enc('x'), password: 12345678, oldpassword: t.enc('y') });
    expect([notText.status, notText.body]).toEqual([400, { status: false, message: 'Field "password" is not valid ciphertext' }]);
    const plainToken = await t.apiPost('/api/logout', { prefix: 'pre8', token: 'not-ciphertext' });
    expect([plainToken.status, plainToken.body]).toEqual([400, { status: false, message: 'Field "token" is not valid ciphertext' }]);
  });

  it('leave an empty encrypted field out, so the handler names it as missing', async () => {
    const fields = {
      username: '',
      password: t.enc('demo1234'),
      state: t.enc('pre8.A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6'),
      prefix: t.enc('pre8'),
      divisions: t.enc('false'),
    };
    const reply = await t.apiPost<{ fields?: Record<string, string> }>('/api/phoneLogin', fields);
    expect([reply.status, reply.body.fields]).toEqual([422, { username: 'Required' }]);
  });
});
