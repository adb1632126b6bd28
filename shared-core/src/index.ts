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
export { PageIcon, LineIcon } from './ui/icons';
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
  LoginWelcome,
  LoginSubheading,
} from './ui/layout-parts';
