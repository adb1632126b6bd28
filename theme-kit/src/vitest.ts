// Shared vitest suites for theme remotes (imports vitest: tests only).
export { describeThemeContract, type ThemeUnderTest } from './theme-contract';
export { describeThemeTokens, flavoursUsedBy, type ThemeTokenSuite } from './theme-tokens';
export { describeGamePages } from './game-pages-contract';
export { describeWalletPages, silenceFrameLoading } from './wallet-pages-contract';
export { describeLobbyPages } from './lobby-pages-contract';
