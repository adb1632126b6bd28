import { cx } from '@member/shared-core';
import { GameAccountsPanel } from './game-accounts-panel';
import { GamePasswordForm } from './game-password-form';
import { MemberCard } from './member-card';

/** The profile page's body: the member card, the game accounts with their switches, then the game password form. */
export function ProfileScreen({ className }: { className?: string }) {
  return (
    <div className={cx('mc-profile', className)}>
      <MemberCard />
      <GameAccountsPanel />
      <GamePasswordForm />
    </div>
  );
}
