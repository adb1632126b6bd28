import type { Service } from '@member/shared-core';
import { OutlineIcon } from './icons';
import { PageIcon } from './page-icon';

/** Outline icons of the game-account screens (24 × 24, drawn in currentColor, decorative). */
const GAME_ICON_PATHS = {
  refresh: 'M20 11a8 8 0 0 0-14.3-4.9L4 8M4 4v4h4M4 13a8 8 0 0 0 14.3 4.9L20 16M20 20v-4h-4',
  swap: 'M7 4 3 8l4 4M3 8h14M17 20l4-4-4-4M21 16H7',
  star: 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9Z',
  copy: 'M9 9h10a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H9a1 1 0 0 1-1-1V10a1 1 0 0 1 1-1ZM5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1',
  eye: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12ZM12 9a3 3 0 1 1 0 6 3 3 0 0 1 0-6Z',
  eyeOff:
    'M3 3l18 18M10.6 6.1A10 10 0 0 1 12 6c6.4 0 10 6 10 6a17 17 0 0 1-3 3.6M6.6 6.6A17 17 0 0 0 2 12s3.6 7 10 7a9.6 9.6 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  wrench: 'M14.7 6.3a4 4 0 0 0-5.4 5.2L3.5 17.3a1.7 1.7 0 0 0 2.4 2.4l5.8-5.8a4 4 0 0 0 5.2-5.4l-2.6 2.6-2.2-.4-.4-2.2Z',
  ball: 'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18ZM12 7.5l3.8 2.8-1.5 4.4H9.7l-1.5-4.4ZM12 3v4.5M20.6 9.6l-4.8.7M17.3 19.3l-3-4.6M6.7 19.3l3-4.6M3.4 9.6l4.8.7',
} as const;

export type GameIconName = keyof typeof GAME_ICON_PATHS;

export function GameIcon({ name, size = 20, className }: { name: GameIconName; size?: number; className?: string }) {
  return <OutlineIcon d={GAME_ICON_PATHS[name]} size={size} strokeWidth="2" className={className} />;
}

/** A provider's mark: cards for GCLUB (casino and cards), a ball for UFA (sports). */
export function ProviderIcon({ service, size = 24, className }: { service: Service; size?: number; className?: string }) {
  return service === 'GCLUB' ? (
    <PageIcon page="cards" size={size} className={className} />
  ) : (
    <GameIcon name="ball" size={size} className={className} />
  );
}
