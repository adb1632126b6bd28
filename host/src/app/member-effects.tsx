import { VerifyEffects } from './verify-effects';
import { GameEffects } from './game-effects';
import { RealtimeEffects } from './realtime-effects';

/** Everything that runs for a member (or a stored session being checked): loaded with the games chunk, never on a guest's first page. */
export default function MemberEffects() {
  return (
    <>
      <VerifyEffects />
      <GameEffects />
      <RealtimeEffects />
    </>
  );
}
