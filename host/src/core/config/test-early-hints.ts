import { OPERATOR_CALLS } from '@member/shared-core/api/calls';
import { PAGE_PATH_PATTERN } from '@member/shared-core/routes';
import { DRAWN_ATTRIBUTES } from '@member/shared-core/drawing';
import type { EarlyHints } from './early-start/hints';

const onTheWire = (name: 'checkPrefix' | 'getProfile' | 'gclubGame') => ({
  method: OPERATOR_CALLS[name].method,
  path: OPERATOR_CALLS[name].path,
});

/**
 * The early start's hints as the tests hand them over: what first-screen-plugin.ts gives it, with the names the host
 * uses and the catalogue's early calls, and each test's own files, bounds and lobbies on top.
 */
export function testEarlyHints(overrides: Partial<EarlyHints> = {}): EarlyHints {
  return {
    entry: ['/static/js/index.1.js'],
    appStartBoundMs: 60_000,
    drawnStartBoundMs: 60_000,
    heldCodeAttribute: DRAWN_ATTRIBUTES.heldCode,
    drawnApiAttribute: DRAWN_ATTRIBUTES.api,
    listFirstBoundMs: 60_000,
    sessionCookies: ['token-', 'type-login-'],
    memberFiles: [],
    pageFiles: {},
    strings: { th: '/strings-th-guest.js', en: '/strings-en-guest.js' },
    memberStrings: { th: '/strings-th-member.js', en: '/strings-en-member.js' },
    localeKey: 'locale',
    localeCookie: 'i18n_redirected',
    darkKey: 'isDark',
    groundKey: 'brandGround_',
    frameless: ['login', 'logout'],
    pagePath: PAGE_PATH_PATTERN.source,
    contractKey: 'contractVersion',
    contractMajor: '1',
    minHostKey: 'minHostContract',
    contractVersion: '1.2.0',
    apiCalls: { checkPrefix: onTheWire('checkPrefix'), getProfile: onTheWire('getProfile'), gclubGame: onTheWire('gclubGame') },
    earlyCallMaxAgeMs: 30_000,
    lobbies: {},
    keptListTagsKey: 'gameListTags_',
    keptListMaxAgeMs: 86_400_000,
    releasesKey: 'member-theme-releases',
    signedFormat: 'member-signed-files/2',
    ...overrides,
  };
}
