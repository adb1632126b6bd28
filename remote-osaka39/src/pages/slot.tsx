import { LobbyPage } from '../lobby-page';

export default function SlotLobby() {
  return <LobbyPage category="slot" />;
}
