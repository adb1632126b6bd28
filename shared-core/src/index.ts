export * from './contract';
export * from './routes';
export * from './test-ids';
export type * from './types/entities';
export { BANK_CODES } from './types/entities';
export type * from './types/site-config';
export type * from './types/runtime-config';
export type * from './types/api';
export * from './helpers/format';
export * from './helpers/safe-url';
export * from './helpers/line-state';
export * from './helpers/locale';
export * from './helpers/scheme';
export * from './helpers/class-names';
export * from './helpers/login-validation';
export * from './games/menu';
export { validateSitesFile, parseSite } from './schema/site-config';
export { validateRuntimeConfig } from './schema/runtime-config';
export type { Validation } from './schema/validate';
export type * from './bridge/types';
export * from './bridge/context';
export * from './i18n';
export { Button, type ButtonProps } from './ui/button';
export { TextField, type TextFieldProps } from './ui/text-field';
export { PhoneField } from './ui/phone-field';
export { PasswordField } from './ui/password-field';
export { LocaleSwitch, SchemeSwitch, PreferenceSwitches } from './ui/preference-switches';
export { BrandMark, VersionTag } from './ui/brand';
export { PageTitle } from './ui/page-title';
export { LoginForm } from './ui/login-form';
export { PageIcon, LineIcon, UiIcon, type UiIconName } from './ui/icons';
export { SelectField, type SelectFieldProps, type SelectOption } from './ui/select-field';
export { FormError, FormSuccess } from './ui/form-messages';
export { DetailList, type DetailRow } from './ui/detail-list';
export { ConnectionBadge, ConnectionStatus } from './ui/connection-badge';
export { useFocusOnChange } from './ui/use-focus-on-change';
export { RegisterForm } from './ui/register-form';
export { AccountSummary } from './ui/account-summary';
export { ChangePasswordForm } from './ui/change-password-form';
export { ConnectPhoneForm } from './ui/connect-phone-form';
export { LineConnectPanel } from './ui/line-connect-panel';
export { PhoneAuthPanel } from './ui/phone-auth-panel';
export { InfoScreen } from './ui/info-screen';
export { LogoutStatus } from './ui/logout-status';
export { GameIcon, ProviderIcon, type GameIconName } from './ui/game-icons';
export { CopyButton, copyText, useAnnouncement, Announcement, COPIED_FEEDBACK_MS, type CopyButtonProps } from './ui/copy-button';
export { GameAccountCard, GameAccountHead, MaintenanceNote, NoGameAccounts } from './ui/game-account-card';
export { GameAccountsPanel } from './ui/game-accounts-panel';
export { MemberCard } from './ui/member-card';
export { GamePasswordForm } from './ui/game-password-form';
export { GameUserList, MASKED_PASSWORD } from './ui/game-user-list';
export { ProfileScreen } from './ui/profile-screen';
export { DepositScreen } from './ui/deposit-screen';
export { WithdrawForm } from './ui/withdraw-form';
export { HistoryList, HISTORY_PERIODS } from './ui/history-list';
export { PromotionPanel } from './ui/promotion-panel';
export { BankLogo, BankAccountInline, WalletSection, bankName } from './ui/wallet-parts';
export {
  MAIN_CONTENT_ID,
  ThemeRoot,
  SkipLink,
  MainContent,
  MainMenu,
  type MainMenuProps,
  LineContact,
  MemberName,
  LogoutButton,
  SiteRights,
  SiteFooter,
  PageIntro,
  PageHeading,
  type PageHeadingProps,
  type PageShellProps,
  LoginWelcome,
  LoginSubheading,
} from './ui/layout-parts';
export { VirtualGrid, gridGeometry, gridWindow, type VirtualGridProps, type GridGeometry, type GridGeometryInput, type GridWindow, type GridWindowInput } from './ui/virtual-grid';
export { GameTile, TILE_IMAGE_SIZE, type GameTileProps } from './ui/game-tile';
export { BrandPicker, type BrandPickerProps } from './ui/brand-picker';
export { LobbyScreen, LobbyIntro, LOBBY_TILE, LOBBY_ROW_LIMIT, type LobbyScreenProps } from './ui/lobby-screen';
export { ProductsMenu, type ProductsMenuProps } from './ui/products-menu';
export * from './helpers/amount';
