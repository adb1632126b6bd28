import { useEffect } from 'react';
import { VerifyEffects } from '../../features/session/verify-effects';
import { GameEffects } from '../../features/accounts/game-effects';
import { RealtimeEffects } from '../../features/realtime/realtime-effects';
import { answerMemberTransInFeatures } from './answer-member-trans';

/** Mounted before the realtime effects, so the features answer a MemberTrans from the channel's first event. */
function MemberTransAnswers() {
  useEffect(answerMemberTransInFeatures, []);
  return null;
}

/** Everything that runs for a member (or a stored session being checked): loaded with the games chunk, never on a guest's first page. */
export default function MemberEffects() {
  return (
    <>
      <MemberTransAnswers />
      <VerifyEffects />
      <GameEffects />
      <RealtimeEffects />
    </>
  );
}
