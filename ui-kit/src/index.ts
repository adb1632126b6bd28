export { Button, type ButtonProps } from './button';
export { TextField, type TextFieldProps } from './text-field';
export { PhoneField } from './phone-field';
export { PasswordField } from './password-field';
export { LocaleSwitch, SchemeSwitch, PreferenceSwitches } from './preference-switches';
export { BrandMark, VersionTag } from './brand';
export { PageTitle } from './page-title';
export { LoginForm } from './login-form';
export { LineIcon, UiIcon, type UiIconName } from './icons';
export { PageIcon } from './page-icon';
export { SelectField, type SelectFieldProps, type SelectOption } from './select-field';
export { FormError, FormSuccess } from './form-messages';
export { DetailList, type DetailRow } from './detail-list';
export { ConnectionBadge, ConnectionStatus } from './connection-badge';
export { useFocusOnChange } from './use-focus-on-change';
export { RegisterForm } from './register-form';
export { AccountSummary } from './account-summary';
export { ChangePasswordForm } from './change-password-form';
export { ConnectPhoneForm } from './connect-phone-form';
export { LineConnectPanel } from './line-connect-panel';
export { PhoneAuthPanel } from './phone-auth-panel';
export { InfoScreen } from './info-screen';
export { LogoutStatus } from './logout-status';
export { GameIcon, ProviderIcon, type GameIconName } from './game-icons';
export { CopyButton, copyText, useAnnouncement, Announcement, COPIED_FEEDBACK_MS, type CopyButtonProps } from './copy-button';
export { GameAccountCard, GameAccountHead, MaintenanceNote, NoGameAccounts } from './game-account-card';
export { GameAccountsPanel, GamesMessage } from './game-accounts-panel';
export { MoneyBar, MoneyActions, type MoneyBarProps, type MoneyActionsProps } from './money-bar';
export { FeaturedProducts, FeaturedIcon, useFeaturedProducts, type FeaturedProductsProps } from './featured-products';
export { MemberCard } from './member-card';
export { GamePasswordForm } from './game-password-form';
export { GameUserList, MASKED_PASSWORD } from './game-user-list';
export { ProfileScreen } from './profile-screen';
export { DepositScreen } from './deposit-screen';
export { WithdrawForm } from './withdraw-form';
export { HistoryList, HISTORY_PERIODS } from './history-list';
export { PromotionPanel } from './promotion-panel';
export { BankLogo, BankAccountInline, WalletSection, bankName } from './wallet-parts';
export { MAIN_CONTENT_ID, ThemeRoot, SkipLink } from './theme-root';
export { LineContact, LoginWelcome, LoginSubheading } from './login-parts';
export {
  MainContent,
  MainMenu,
  type MainMenuProps,
  MemberName,
  MemberArea,
  useScrollEdges,
  LogoutButton,
  SiteRights,
  SiteFooter,
  PageIntro,
  PageHeading,
  type PageHeadingProps,
  type PageShellProps,
} from './layout-parts';
export {
  VirtualGrid,
  gridGeometry,
  gridWindow,
  type VirtualGridProps,
  type GridGeometry,
  type GridGeometryInput,
  type GridWindow,
  type GridWindowInput,
} from './virtual-grid';
export { GameTile, TILE_IMAGE_SIZE, type GameTileProps } from './game-tile';
export { BrandPicker, type BrandPickerProps } from './brand-picker';
export { LobbyScreen, LobbyIntro, LOBBY_TILE, LOBBY_ROW_LIMIT, type LobbyScreenProps } from './lobby-screen';
export { isLobbyPage, ProductsMenu, type ProductsMenuProps } from './products-menu';
export type { ThemeTokenTable, FlavourTokens, TokenMap } from '@member/shared-core';
export { InstallEntry, IosInstallSteps, useInstallOffer, type InstallEntryProps } from './install-entry';
