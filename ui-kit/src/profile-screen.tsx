import { cx } from '@member/shared-core';
import { FeaturedProducts } from './featured-products';
import { GameAccountsPanel } from './game-accounts-panel';
import { GamePasswordForm } from './game-password-form';
import { MemberCard } from './member-card';

/**
 * The profile page's body: sport and casino one tap away, the member card, the game accounts with their switches,
 * then the game password form.
 */
export function ProfileScreen({ className }: { className?: string }) {
  return (
    <div className={cx('mc-profile', className)}>
      <FeaturedProducts />
      <MemberCard />
      <GameAccountsPanel />
      <GamePasswordForm />
    </div>
  );
}
