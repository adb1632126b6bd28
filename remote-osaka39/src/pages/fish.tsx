import { LobbyPage } from '../lobby-page';

export default function FishLobby() {
  return <LobbyPage category="fish" />;
}
