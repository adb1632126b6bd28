import { LobbyPage } from '../lobby-page';

/** The PRE8 fish lobby. */
export default function FishPage() {
  return <LobbyPage category="fish" />;
}
