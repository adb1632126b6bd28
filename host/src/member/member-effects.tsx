import { VerifyEffects } from '../session/verify-effects';
import { GameEffects } from '../accounts/game-effects';
import { RealtimeEffects } from '../realtime/realtime-effects';

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
