import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useActions, useGameAccounts, useLoginForm, usePage, useSession, useSite, testIds } from '@member/shared-core';
import { formatMoney } from '@member/shared-core/helpers/format';
import { SiteBrand } from '../../core/base/screens';

/**
 * The host's own pages for when not one configured theme could be loaded (every remote refused or down): never a dead
 * end. In the host's own plain look, under the site's logo and name, each says the site's look could not be loaded
 * (not that the member's connection failed). The login works as in any theme; a member's profile shows who is logged
 * in and the balances, with the way out; every other page says it needs the site's look, with the way back.
 */

function LookNotice() {
  const { t } = useTranslation();
  return (
    <p className="host-plain__notice" role="status" data-testid={testIds.plainLookNotice}>
      {t('plain.notice')}
    </p>
  );
}

function PlainLogin() {
  const { t } = useTranslation();
  const form = useLoginForm();
  const site = useSite();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };
  return (
    <form className="host-plain__form" onSubmit={submit} noValidate>
      <label className="host-plain__field">
        <span>{t('login.phone')}</span>
        <input
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          name="phone"
          placeholder={t('login.phonePlaceholder')}
          value={form.phone}
          onChange={(event) => form.setPhone(event.target.value)}
          aria-invalid={form.fieldErrors.phone ? true : undefined}
          data-testid={testIds.loginPhone}
          required
        />
        {form.fieldErrors.phone ? <span className="host-plain__error">{form.fieldErrors.phone}</span> : null}
      </label>
      <label className="host-plain__field">
        <span>{t('login.password')}</span>
        <input
          type="password"
          autoComplete="current-password"
          name="password"
          value={form.password}
          onChange={(event) => form.setPassword(event.target.value)}
          aria-invalid={form.fieldErrors.password ? true : undefined}
          data-testid={testIds.loginPassword}
          required
        />
        {form.fieldErrors.password ? <span className="host-plain__error">{form.fieldErrors.password}</span> : null}
      </label>
      {form.error ? (
        <p className="host-plain__error" role="alert" data-testid={testIds.loginError}>
          {form.error}
        </p>
      ) : null}
      <button type="submit" className="host-btn" disabled={form.pending} data-testid={testIds.loginSubmit}>
        {form.pending ? t('login.submitting') : t('login.submit')}
      </button>
      {form.slow && form.cancel ? (
        <button type="button" className="host-btn host-btn--quiet" onClick={form.cancel} data-testid={testIds.loginCancel}>
          {t('login.cancel')}
        </button>
      ) : null}
      <button
        type="button"
        className="host-btn host-btn--quiet"
        disabled={form.linePending}
        onClick={form.startLineLogin}
        data-testid={testIds.loginLine}
      >
        {t('login.line')}
      </button>
      {site.registerEnabled ? <Link to="/register">{t('login.register')}</Link> : null}
    </form>
  );
}

function PlainProfile() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const { accounts } = useGameAccounts();
  const actions = useActions();
  const locale = i18n.language === 'en' ? 'en' : 'th';
  return (
    <>
      <p className="host-plain__member">{t('plain.member', { username: session.username })}</p>
      <dl className="host-plain__balances">
        {accounts.map((account) => (
          <div key={account.service}>
            <dt>{t('plain.balance', { service: account.service })}</dt>
            <dd>{account.balance === null ? t('plain.noBalance') : formatMoney(account.balance, locale)}</dd>
          </div>
        ))}
      </dl>
      <button type="button" className="host-btn host-btn--quiet" onClick={() => void actions.logout()} data-testid={testIds.logoutButton}>
        {t('page.logout')}
      </button>
    </>
  );
}

function PlainElsewhere() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <>
      <p>{t('plain.unavailable')}</p>
      <button type="button" className="host-btn" onClick={() => window.location.reload()}>
        {t('plain.retry')}
      </button>
      <Link to={session.logged ? '/profile' : '/login'}>{t(session.logged ? 'plain.profile' : 'plain.login')}</Link>
    </>
  );
}

/** The host's plain page, whichever page it stands in for (read from the page context). */
export function PlainPage() {
  const { page } = usePage();
  const body = page === 'login' ? <PlainLogin /> : page === 'profile' ? <PlainProfile /> : <PlainElsewhere />;
  return (
    <main className="host-screen host-plain" data-testid={testIds.plainPage} data-page={page}>
      <SiteBrand />
      <LookNotice />
      {body}
    </main>
  );
}
