// Preview and test support for theme remotes: imported by a remote's standalone bootstrap and its tests,
// never by the modules a remote exposes, so none of it reaches production bundles.
export {
  createPreviewBridge,
  PreviewProviders,
  PREVIEW_SITE,
  PREVIEW_SITES,
  PREVIEW_SESSION,
  PREVIEW_MENU,
  type PreviewBridgeOverrides,
} from './preview-bridge';
export {
  PREVIEW_LOGIN,
  usePreviewLoginForm,
  usePreviewRegisterFlow,
  usePreviewChangePassword,
  usePreviewConnectPhone,
  usePreviewLineConnect,
} from './preview-hooks';
export {
  PREVIEW_GAME_ACCOUNTS,
  PREVIEW_BALANCE_TIME,
  usePreviewGameAccounts,
  usePreviewGamePassword,
} from './preview-game-hooks';
export { usePreviewLobby, usePreviewProducts, previewBrandList, previewGameList, PREVIEW_LIST_SIZES } from './preview-lobby-hooks';
export { createPreviewWalletServer, type PreviewWalletServer, type PreviewSendFate } from './preview-wallet-server';
export {
  previewHistoryRows,
  usePreviewWithdraw,
  usePreviewDeposit,
  usePreviewHistory,
  usePreviewPromotion,
} from './preview-wallet-hooks';
export { getPreviewI18n } from './preview-i18n';
export { PreviewGallery, mountPreview, type PreviewGalleryProps, type PageModule } from './preview-gallery';
export {
  AA_TEXT,
  AA_NON_TEXT,
  CORE_CONTRAST_PAIRS,
  contrastRatio,
  relativeLuminance,
  parseHexColor,
  readRuleDeclarations,
  schemeTokens,
  type ContrastPair,
  type ThemeTokenTable,
  type TokenMap,
  type FlavourTokens,
} from './contrast';
