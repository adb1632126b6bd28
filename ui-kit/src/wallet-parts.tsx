import { useId, useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { cx } from '@member/shared-core';
import { safeUrl } from '@member/shared-core/helpers/safe-url';
import { formatBankNumber } from '@member/shared-core/helpers/format';
import { BANK_CODES, type BankAccount, type BankCode, type Locale } from '@member/shared-core';
import { UiIcon } from './icons';

type BankFields = Pick<BankAccount, 'bank_th' | 'bank_en' | 'set'>;

const isBankCode = (value: string): value is BankCode => (BANK_CODES as readonly string[]).includes(value);

/** The bank's name in the member's language: the server's own name first, then the shared name of its code. */
export function bankName(bank: BankFields, locale: Locale, t: TFunction): string {
  const given = locale === 'en' ? bank.bank_en || bank.bank_th : bank.bank_th || bank.bank_en;
  if (given) return given;
  const code = bank.set.trim().toUpperCase();
  return isBankCode(code) ? t(`banks.${code}`) : '';
}

/** "Kasikornbank 123-4-56789-0" as text: the bank's name may wrap, the formatted number stays on one line. */
export function BankAccountInline({
  bank,
  locale,
  t,
  className,
}: {
  bank: BankFields & Pick<BankAccount, 'account_number'>;
  locale: Locale;
  t: TFunction;
  className?: string;
}) {
  const name = bankName(bank, locale, t);
  return (
    <span className={cx('mc-bank-inline', className)}>
      {name ? <>{name} </> : null}
      <span className="mc-bank-inline__number">{formatBankNumber(bank.account_number)}</span>
    </span>
  );
}

/** The bank's logo when the server gave one by URL (and it loads), else the bank drawing; decorative, the name says which bank. */
export function BankLogo({ logo, size = 48, className }: { logo: string; size?: number; className?: string }) {
  const [broken, setBroken] = useState(false);
  const src = safeUrl(logo);
  const showLogo = src !== null && !broken;
  return (
    <span className={cx('mc-bank-logo', showLogo && 'mc-bank-logo--image', className)}>
      {showLogo ? (
        <img src={src} alt="" width={size} height={size} decoding="async" referrerPolicy="no-referrer" onError={() => setBroken(true)} />
      ) : (
        <UiIcon name="bank" size={Math.round(size / 2)} />
      )}
    </span>
  );
}

/** A titled part of a wallet screen; the heading names it for screen-reader navigation. */
export function WalletSection({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={cx('mc-section', 'mc-wallet__section', className)} aria-labelledby={id}>
      <h2 className="mc-section__title" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}
