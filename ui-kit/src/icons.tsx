export interface IconProps {
  size?: number;
  className?: string;
}

/** An outline drawing in currentColor; decorative, so the text beside it names the thing. */
export function OutlineIcon({
  d,
  size,
  strokeWidth,
  className,
}: {
  d: string;
  size: number;
  strokeWidth: string;
  className?: string | undefined;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      className={className}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  );
}

const UI_ICON_PATHS = {
  lock: 'M6 11h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-8a1 1 0 0 1 1-1ZM8 11V7a4 4 0 0 1 8 0v4M12 15v2',
  phone: 'M8 2h8a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2ZM11 18h2',
  bank: 'M3 10h18M12 3l9 5H3ZM5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 21h18',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  chevronRight: 'M9 5l7 7-7 7',
  chevronLeft: 'M15 5l-7 7 7 7',
  chevronDown: 'M6 9l6 6 6-6',
  alert: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18ZM12 7.5v5.5M12 16.5v.01',
} as const;

export type UiIconName = keyof typeof UI_ICON_PATHS;

/** Small outline icons for controls and lists. */
export function UiIcon({ name, size = 20, className }: IconProps & { name: UiIconName }) {
  return <OutlineIcon d={UI_ICON_PATHS[name]} size={size} strokeWidth="2" className={className} />;
}

/** The LINE speech-bubble mark, filled in currentColor. */
export function LineIcon({ size = 22, className }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} className={className} aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 3C6.5 3 2 6.6 2 11c0 3.9 3.5 7.2 8.3 7.9.3.1.8.2.9.5.1.3.1.7 0 1l-.1.9c0 .3-.2 1 .9.6 1.1-.5 6-3.5 8.2-6A7.3 7.3 0 0 0 22 11c0-4.4-4.5-8-10-8ZM8 13.5H6a.5.5 0 0 1-.5-.5V9a.5.5 0 0 1 1 0v3.5H8a.5.5 0 0 1 0 1Zm2-.5a.5.5 0 0 1-1 0V9a.5.5 0 0 1 1 0v4Zm4.8 0a.5.5 0 0 1-.9.3L11.8 10.5V13a.5.5 0 0 1-1 0V9a.5.5 0 0 1 .9-.3l2.1 2.8V9a.5.5 0 0 1 1 0v4Zm3.2-2.5a.5.5 0 0 1 0 1h-1.5v1H18a.5.5 0 0 1 0 1h-2a.5.5 0 0 1-.5-.5V9a.5.5 0 0 1 .5-.5h2a.5.5 0 0 1 0 1h-1.5v1H18Z"
      />
    </svg>
  );
}
