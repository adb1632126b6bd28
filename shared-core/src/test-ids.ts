/**
 * Every control a QA script drives carries one of these as `data-testid`,
 * identical in every theme, so one page object drives all three.
 */
export const testIds = {
  loginPhone: 'login-phone',
  loginPassword: 'login-password',
  loginSubmit: 'login-submit',
  loginLine: 'login-line',
  loginError: 'login-error',
  localeSwitch: 'locale-switch',
  schemeSwitch: 'scheme-switch',
  siteName: 'site-name',
  siteLogo: 'site-logo',
  appVersion: 'app-version',
  pageTitle: 'page-title',
  layoutFrame: 'layout-frame',
  mainMenu: 'main-menu',
  themeFallbackNotice: 'theme-fallback-notice',
  notFound: 'not-found',
  configError: 'config-error',
  bootLoading: 'boot-loading',
  logoutButton: 'logout-button',
  memberName: 'member-name',
  lineContact: 'line-contact',
  mainContent: 'main-content',
} as const;

export type TestId = (typeof testIds)[keyof typeof testIds];
