import { LobbyPage } from '../lobby-page';

export default function FishPage() {
  return <LobbyPage category="fish" />;
}
