import { LobbyPage } from '../lobby-page';

export default function CardsLobby() {
  return <LobbyPage category="cards" />;
}
