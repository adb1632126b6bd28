import { LobbyPage } from '../lobby-page';

export default function SlotPage() {
  return <LobbyPage category="slot" />;
}
