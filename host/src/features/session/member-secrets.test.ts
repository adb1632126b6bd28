// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { storeProviderValue } from '../accounts/provider-storage';
import { memberSecrets } from './member-secrets';
import type { SessionState } from '../../core/base/session-state';

const PREFIX = 'pre8';

afterEach(() => {
  localStorage.clear();
  document.cookie = `token-${PREFIX}=; path=/; max-age=0`;
});

describe('the member values kept out of reports', () => {
  it('names the token cookie, the provider sessions, contact and bank details and every game user with its password', () => {
    document.cookie = `token-${PREFIX}=tok_9f8e7d6c5b4a3f2e1d0c; path=/`;
    storeProviderValue('gclubToken_', PREFIX, 'gclub-session-1');
    const session = {
      memberInfo: {
        cid: 7,
        account_name: 'สมชาย ใจดี',
        account_number: '1234567890',
        phone: '0812345678',
        bank_th: '',
        bank_en: '',
        set: '',
        logo: '',
      },
      profile: { name: 'Somchai', email: 'som@example.test', picture: '', lineConnect: false, phoneConnect: true },
      lineID: 'U1234',
      games: [{ game_user: 'pre8ufa001', game_password: 'Gp4ss', service: 'UFA', main: true, generate: false }],
    } as unknown as SessionState;
    expect(memberSecrets(session, PREFIX).sort()).toEqual(
      [
        'tok_9f8e7d6c5b4a3f2e1d0c',
        'gclub-session-1',
        '0812345678',
        'สมชาย ใจดี',
        '1234567890',
        'Somchai',
        'som@example.test',
        'U1234',
        'pre8ufa001',
        'Gp4ss',
      ].sort(),
    );
  });

  it('a guest has none', () => {
    const guest = { memberInfo: null, profile: null, lineID: '', games: [] } as unknown as SessionState;
    expect(memberSecrets(guest, PREFIX)).toEqual([]);
  });
});
