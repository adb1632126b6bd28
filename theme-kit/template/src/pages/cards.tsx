import { LobbyPage } from '../lobby-page';

export default function CardsPage() {
  return <LobbyPage category="cards" />;
}
