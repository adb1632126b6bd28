import { LobbyPage } from '../lobby-page';

/** The PRE8 cards lobby. */
export default function CardsPage() {
  return <LobbyPage category="cards" />;
}
