import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '@member/shared-core';
import { Link, useActions, useMenu, usePage, useSession, useSite } from '@member/shared-core';
import type { MenuItem, PageKey } from '@member/shared-core';
import { cx } from '@member/shared-core';
import { testIds } from '@member/shared-core';
import { DRAWN_MEMBER_CID } from '@member/shared-core/drawing';
import { Button, type ButtonProps } from './button';
import { VersionTag } from './brand';
import { PageIcon } from './page-icon';
import { MAIN_CONTENT_ID } from './theme-root';
import { PageTitle } from './page-title';
import { InstallEntry, useInstallOffer } from './install-entry';
import { FeaturedIcon, useFeaturedProducts } from './featured-products';
import { GAME_CATEGORIES } from '@member/shared-core/games/menu';

/**
 * The layout's main landmark: the skip link's target, focusable by script so focus can move to a new page. Named after
 * the page, so it stays told apart from a main landmark inside a framed page (the promotions).
 */
export function MainContent({ className, children }: { className?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { page } = usePage();
  return (
    <main
      id={MAIN_CONTENT_ID}
      className={cx('mc-main', className)}
      tabIndex={-1}
      aria-label={t(`page.${page}`)}
      data-testid={testIds.mainContent}
    >
      {children}
    </main>
  );
}

/**
 * Marks a sideways-scrolling strip with the edges where more of it lies (`data-scroll-more`: start, end or both), so
 * the stylesheet fades that edge and a member sees there is more to scroll to. Written on the element itself, from
 * its scroll and size events: no render per scrolled pixel.
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>, enabled = true): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || !enabled) return;
    const update = () => {
      // Measured on the first and last entries, not scrollLeft: a strip snapped to its first entry rests a padding's
      // width from 0 with nothing hidden. One pixel of slack for fractional layouts.
      const box = element.getBoundingClientRect();
      const first = element.firstElementChild?.getBoundingClientRect();
      const last = element.lastElementChild?.getBoundingClientRect();
      const start = first !== undefined && first.left < box.left - 1;
      const end = last !== undefined && last.right > box.right + 1;
      const more = start && end ? 'both' : start ? 'start' : end ? 'end' : undefined;
      // Written only when it changes: each write restyles the strip, and the next strip's measure would lay out again.
      if (element.dataset.scrollMore === more) return;
      if (more) element.dataset.scrollMore = more;
      else delete element.dataset.scrollMore;
    };
    element.addEventListener('scroll', update, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    // The observer's first report comes after the frame's own layout, before its paint: measuring here, right after
    // React's commit, would lay the whole page out once more per strip (tens of milliseconds on a phone, in Thai).
    if (!resize) update();
    resize?.observe(element);
    for (const child of Array.from(element.children)) resize?.observe(child);
    return () => {
      element.removeEventListener('scroll', update);
      resize?.disconnect();
      delete element.dataset.scrollMore;
    };
  }, [ref, enabled]);
}

export interface MainMenuProps {
  className?: string;
  listClassName?: string;
  itemClassName?: string;
  linkClassName?: string;
  /** Given: each entry shows its page icon inside a span of this class. */
  iconClassName?: string;
  labelClassName?: string;
  iconSize?: number;
}

/**
 * The site's main menu from the bridge, with the current page marked for assistive technology and styling; after the
 * lobbies, sport and casino of the member's providers, each opened in one tap (its refusal said under the menu); last
 * the "add to home screen" entry where the host says the browser lets the member install the site.
 */
export function MainMenu({
  className,
  listClassName,
  itemClassName,
  linkClassName,
  iconClassName,
  labelClassName,
  iconSize,
}: MainMenuProps) {
  const { t } = useTranslation();
  const items = useMenu();
  const install = useInstallOffer();
  const { page } = usePage();
  const { featured, open, openingKey, error } = useFeaturedProducts();
  // The featured products follow the last lobby, so the games stand together.
  const afterLobbies = items.reduce((at, item, index) => ((GAME_CATEGORIES as readonly string[]).includes(item.page) ? index + 1 : at), 0);
  const list = useRef<HTMLUListElement>(null);
  useScrollEdges(list, items.length > 0);
  // In a sideways-scrolling menu (a phone's tab or chip bar) bring the current entry into view.
  useEffect(() => {
    const element = list.current;
    const current = element?.querySelector('[aria-current="page"]');
    if (!element || !current || element.scrollWidth <= element.clientWidth) return;
    const box = element.getBoundingClientRect();
    const entry = current.getBoundingClientRect();
    element.scrollLeft += entry.left + entry.width / 2 - (box.left + box.width / 2);
  }, [page]);
  // Nothing to offer (a guest registering): no empty navigation landmark.
  if (items.length === 0) return null;
  return (
    <nav className={cx('mc-menu', className)} aria-label={t('layout.mainMenu')} data-testid={testIds.mainMenu}>
      <ul ref={list} className={cx('mc-menu__list', listClassName)} role="list">
        {items.slice(0, afterLobbies).map(menuLink)}
        {featured.map((product) => (
          <li key={product.key} className={itemClassName}>
            <button
              type="button"
              className={cx('mc-menu__link', 'mc-menu__product', linkClassName)}
              data-testid={testIds.featuredProduct}
              data-key={product.key}
              data-kind={product.kind}
              aria-busy={openingKey === product.key || undefined}
              aria-description={product.label}
              onClick={() => open(product.key)}
            >
              {iconClassName !== undefined ? (
                <span className={iconClassName}>
                  {openingKey === product.key ? (
                    <span className="mc-spinner" aria-hidden="true" />
                  ) : (
                    <FeaturedIcon kind={product.kind} size={iconSize} />
                  )}
                </span>
              ) : null}
              <span className={labelClassName}>{t(`featured.${product.kind}`)}</span>
            </button>
          </li>
        ))}
        {items.slice(afterLobbies).map(menuLink)}
        {install ? (
          <li className={itemClassName}>
            <InstallEntry className={linkClassName} iconClassName={iconClassName} labelClassName={labelClassName} iconSize={iconSize} />
          </li>
        ) : null}
      </ul>
      {error ? (
        <p className="mc-notice mc-notice--error mc-menu__error" role="alert" data-testid={testIds.productError}>
          {error}
        </p>
      ) : null}
    </nav>
  );

  function menuLink(item: MenuItem) {
    return (
      <li key={item.page} className={itemClassName}>
        <Link to={item.path} className={cx('mc-menu__link', linkClassName)} aria-current={item.page === page ? 'page' : undefined}>
          {iconClassName !== undefined ? (
            <span className={iconClassName}>
              <PageIcon page={item.page} size={iconSize} />
            </span>
          ) : null}
          <span className={labelClassName}>{t(item.label)}</span>
        </Link>
      </li>
    );
  }
}

/** The member's displayed username (`x` + last four digits), only while logged in. */
export function MemberName({ className, showIcon = false }: { className?: string; showIcon?: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  if (!session.logged) return null;
  return (
    <span className={cx('mc-member', className)}>
      {showIcon ? <PageIcon page="profile" size={20} /> : null}
      <span className="mc-visually-hidden">{t('layout.signedInAs')} </span>
      {session.cid === DRAWN_MEMBER_CID ? (
        // A frame drawn before the member is known: the name's place, as wide as a name (x and four digits).
        <span className="mc-pending-text" aria-hidden="true">
          x0000
        </span>
      ) : (
        <span data-testid={testIds.memberName}>{session.username}</span>
      )}
    </span>
  );
}

/**
 * A layout's strip for the member's own things (their name, the logout button) as a landmark of its own, so nothing on
 * the screen sits outside a landmark. Absent for guests.
 */
export function MemberArea({ className, children }: { className?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  if (!session.logged) return null;
  return (
    <aside className={cx('mc-member-area', className)} aria-label={t('landmarks.account')}>
      {children}
    </aside>
  );
}

/** Logs the member out through the host; shows progress while the host works. Absent for guests. */
export function LogoutButton({
  className,
  variant = 'secondary',
  showIcon = true,
  block,
}: Pick<ButtonProps, 'className' | 'variant' | 'block'> & { showIcon?: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const { logout } = useActions();
  const [pending, setPending] = useState(false);
  if (!session.logged) return null;
  const onClick = () => {
    setPending(true);
    logout().finally(() => setPending(false));
  };
  return (
    <Button variant={variant} className={className} block={block} busy={pending} onClick={onClick} data-testid={testIds.logoutButton}>
      {showIcon && !pending ? <PageIcon page="logout" size={20} /> : null}
      {t('page.logout')}
    </Button>
  );
}

/** Copyright and responsible-play line for a footer. */
export function SiteRights({ className }: { className?: string }) {
  const { t } = useTranslation();
  const site = useSite();
  return <p className={cx('mc-rights', className)}>{t('layout.rights', { year: new Date().getFullYear(), site: site.name })}</p>;
}

/** A layout's footer: whatever the theme puts first, then the rights line and the app version. */
export function SiteFooter({
  className,
  versionClassName,
  children,
}: {
  className?: string;
  versionClassName?: string;
  children?: ReactNode;
}) {
  return (
    <footer className={cx('mc-site-footer', className)}>
      {children}
      <SiteRights />
      <VersionTag className={versionClassName} />
    </footer>
  );
}

/** What a theme's page shell takes: every theme frames a page's heading and body its own way. */
export interface PageShellProps {
  page: PageKey;
  /** Stands on its own screen without the site frame (logout). */
  standalone?: boolean;
  /** Replaces the page's introduction under the title. */
  intro?: ReactNode;
  /** The page's body (a form, the account summary), under the heading. */
  children?: ReactNode;
  /**
   * A slim heading on a phone (below 600 px), for pages whose content must show without scrolling (the lobbies):
   * icon and title on one line, the introduction left to screen readers, a theme's flourish left out.
   */
  compact?: boolean;
}

/** Pages with their own introduction; the rest say where they will open. */
const PAGE_INTRO_KEYS: Partial<Record<PageKey, string>> = {
  register: 'register.intro',
  info: 'info.intro',
  profile: 'gamesUi.profileIntro',
  gameuser: 'gamesUi.gameuserIntro',
  deposit: 'walletUi.depositIntro',
  withdraw: 'walletUi.withdrawIntro',
  history: 'walletUi.historyIntro',
  promotion: 'walletUi.promotionIntro',
};

/** The short introduction a page shows under its title. */
export function PageIntro({ page, className }: { page: PageKey; className?: string }) {
  const { t } = useTranslation();
  const site = useSite();
  return (
    <p className={cx('mc-page-intro', className)}>
      {t(PAGE_INTRO_KEYS[page] ?? 'pageBody.comingUp', { page: t(`page.${page}`), site: site.name })}
    </p>
  );
}

export interface PageHeadingProps {
  page: PageKey;
  className?: string;
  /** Class of the span around the page's icon. */
  iconClassName?: string;
  iconSize?: number;
  titleClassName?: string;
  introClassName?: string;
  /** Drawn between the title and the introduction (a theme's rule or flourish). */
  divider?: ReactNode;
  /** Icon and title side by side, with the divider and introduction below them. */
  inline?: boolean;
  /** Shown instead of the page's introduction (the logout screen's progress, for one). */
  intro?: ReactNode;
  /** On a phone: icon and title on one line, the introduction for screen readers only, no divider. */
  compact?: boolean;
}

/** A page's icon, its h1 and its introduction (or what replaces it), in that order; the theme arranges and colours them. */
export function PageHeading({
  page,
  className,
  iconClassName,
  iconSize = 24,
  titleClassName,
  introClassName,
  divider,
  inline = false,
  intro,
  compact = false,
}: PageHeadingProps) {
  return (
    <div className={cx('mc-page-heading', inline && 'mc-page-heading--inline', compact && 'mc-page-heading--compact', className)}>
      <span className={cx('mc-page-heading__icon', iconClassName)}>
        <PageIcon page={page} size={iconSize} />
      </span>
      <PageTitle className={titleClassName} />
      {divider}
      {intro === undefined ? <PageIntro page={page} className={introClassName} /> : intro}
    </div>
  );
}
