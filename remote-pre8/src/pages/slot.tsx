import { LobbyPage } from '../lobby-page';

/** The PRE8 slot lobby. */
export default function SlotPage() {
  return <LobbyPage category="slot" />;
}
