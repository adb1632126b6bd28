import { loadFailureText } from '../load-failure';

/** English strings a guest's first screens need (login, frame, boot, errors). Keys mirror th-guest.ts. */
export const enGuest = {
  app: {
    version: 'Version {{version}}',
    loading: 'Loading…',
    skipToContent: 'Skip to content',
  },
  page: {
    login: 'Log in',
    register: 'Register',
    profile: 'Profile',
    deposit: 'Deposit',
    withdraw: 'Withdraw',
    history: 'History',
    promotion: 'Promotions',
    gameuser: 'Game accounts',
    logout: 'Log out',
    slot: 'Slots',
    fish: 'Fishing',
    cards: 'Cards',
    info: 'My account',
  },
  pageBody: {
    comingUp: '{{page}} opens here for members of {{site}}.',
  },
  login: {
    heading: 'Welcome back',
    subheading: 'Log in to {{site}}',
    phone: 'Phone number',
    phonePlaceholder: '08x-xxx-xxxx',
    password: 'Password',
    submit: 'Log in',
    submitting: 'Logging in…',
    slow: 'The server is slow right now. Still logging you in…',
    cancel: 'Stop waiting',
    line: 'Log in with LINE',
    or: 'or',
    noAccount: 'No account yet?',
    register: 'Register',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    errors: {
      phoneRequired: 'Enter your phone number.',
      phoneFormat: 'A phone number has 10 digits and starts with 0.',
      passwordRequired: 'Enter your password.',
      failed: 'Phone number or password is incorrect.',
      unavailable: 'Log-in is not available yet. Please try again shortly.',
      lineUnavailable: 'LINE log-in is not available right now. Please use your phone number.',
    },
    // Why the member was logged out without asking (session/logout-reason.ts).
    ended: {
      elsewhere: 'You were logged out because your account was logged in on another device. If that was not you, change your password.',
      expired: 'Your session expired. Please log in again.',
      revoked: 'The club ended your session. Please log in again, or contact us on LINE.',
      ended: 'Your session has ended. Please log in again.',
    },
  },
  prefs: {
    language: 'Language',
    switchToEnglish: 'Switch to English',
    switchToThai: 'เปลี่ยนเป็นภาษาไทย',
    darkMode: 'Dark mode',
    lightMode: 'Light mode',
    switchToDark: 'Switch to dark mode',
    switchToLight: 'Switch to light mode',
  },
  landmarks: {
    account: 'Your account',
  },
  layout: {
    mainMenu: 'Main menu',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    contactLine: 'Contact us on LINE',
    lineByDivision: 'Your club’s LINE: the one for the start of your game user name',
    lineDivision: '{{division}}…',
    lineId: 'LINE ID: {{id}}',
    memberOf: 'Member of {{site}}',
    rights: '© {{year}} {{site}}. Play responsibly; 18+ only.',
    signedInAs: 'Signed in as',
  },
  boot: {
    configError: 'This site is not configured correctly',
    configErrorField: 'Problem in {{file}}: {{field}} {{problem}}.',
    configErrorHelp: 'Please tell the site operator. Members can try again later.',
    loadError: 'The site could not be loaded. Check your connection and try again.',
    retry: 'Try again',
  },
  fallback: {
    notice: 'Showing the standard design while this brand’s design is unavailable.',
    crashed: 'This page could not be shown in this brand’s design, so it is shown in the standard design.',
    reload: 'Reload',
  },
  api: {
    errors: {
      offline: 'No connection. Check your internet and try again.',
      timeout: 'The server is taking too long. Please try again.',
      http: 'The server had a problem. Please try again shortly.',
      unauthorized: 'Your session has ended. Please log in again.',
      undecryptable: 'The server sent a reply we could not read. Please try again.',
      unparsable: 'The server sent an unexpected reply. Please try again.',
      shape: 'The server sent an incomplete reply. Please try again.',
      cancelled: 'Stopped waiting. Try again when you are ready.',
    },
  },
  logout: {
    inProgress: 'Logging you out…',
  },
  notFound: {
    message: 'Page Not Found: {{path}}',
    help: 'The page you asked for does not exist. Check the link you were given.',
    noSite: 'This address does not lead to any club. Open the link your club sent you again, or go back.',
    remembered: 'Clubs you have opened on this device',
    goTo: 'Go to {{site}}',
    back: 'Go back',
    home: 'Go to log in',
    profile: 'Go to my profile',
  },
  // The built-in page shown when a page's code could not be loaded (same text as when no strings are there).
  loadFailure: loadFailureText.en,
  // A new version of the site has been deployed and is ready: offered, never forced (the host's update rule).
  // The host's own plain pages, drawn when no theme could be loaded at all (never a dead end).
  plain: {
    notice: 'The site’s look could not be loaded, so this page is shown plainly.',
    unavailable: 'This page needs the site’s look. Please try again in a little while.',
    retry: 'Try again',
    profile: 'Go to my profile',
    login: 'Go to log in',
    balance: '{{service}} balance',
    noBalance: 'Not yet known',
    member: 'Member {{username}}',
  },
  update: {
    ready: 'A new version of the site is ready.',
    reload: 'Reload',
  },
  sessionCheck: {
    retrying: 'Can’t reach the server, retrying…',
    slow: 'The server is slow right now. Still checking your session…',
    unreachable: 'Can’t reach the server',
    kept: 'You are still logged in: nothing has been lost.',
    retry: 'Retry',
    cancel: 'Stop waiting',
  },
};

export type GuestMessages = typeof enGuest;
