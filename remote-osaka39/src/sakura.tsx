import { useId } from 'react';
import styles from './sakura.module.css';

const PETAL_ANGLES = [0, 72, 144, 216, 288];

/** One five-petal blossom as an SVG symbol; `id` must be unique on the page. */
function BlossomSymbol({ id }: { id: string }) {
  return (
    <symbol id={id} viewBox="-12 -12 24 24">
      {PETAL_ANGLES.map((angle) => (
        <path
          key={angle}
          className={styles.petal}
          d="M0 0C-4.5-3-4.5-8.5-1.6-10.5L0-9l1.6-1.5C4.5-8.5 4.5-3 0 0Z"
          transform={`rotate(${angle})`}
        />
      ))}
      <circle className={styles.heart} r="2.2" />
    </symbol>
  );
}

/**
 * The OSAKA39 login illustration: a torii before a low sun (a pale moon in the dark scheme),
 * a blossoming branch and drifting petals. Decorative only; colours come from the theme tokens.
 */
export function SakuraScene({ className }: { className?: string }) {
  const flower = `${useId()}flower`;
  const blossoms: Array<[number, number, number]> = [
    [34, 20, 26],
    [66, 34, 22],
    [96, 30, 18],
    [120, 52, 24],
    [150, 60, 20],
    [178, 52, 16],
    [100, 64, 16],
    [52, 12, 14],
  ];
  const drifting: Array<[number, number, number]> = [
    [214, 40, 30],
    [236, 120, -20],
    [178, 110, 60],
    [352, 40, 10],
    [150, 140, -40],
    [384, 104, 80],
  ];
  return (
    <svg className={className} viewBox="0 0 400 200" preserveAspectRatio="xMidYMax slice" aria-hidden="true" focusable="false">
      <defs>
        <BlossomSymbol id={flower} />
      </defs>
      <circle className={styles.sun} cx="292" cy="86" r="50" />
      <path className={styles.hill} d="M0 160C60 122 120 128 172 150 222 118 304 110 400 146V200H0Z" />
      <g className={styles.torii}>
        <path d="M238 80Q292 92 346 80L343 92Q292 102 241 92Z" />
        <rect x="252" y="104" width="80" height="7" rx="1.5" />
        <rect x="288" y="92" width="8" height="12" />
        <path d="M264 96h9l2 82h-13ZM311 96h9l2 82h-13Z" />
      </g>
      <path className={styles.ground} d="M0 180Q200 166 400 180V200H0Z" />
      <path
        className={styles.branch}
        d="M-12 16C36 26 80 22 122 46 150 62 172 58 198 50M72 28C84 46 98 56 114 62M120 46C118 36 122 28 130 22"
      />
      {blossoms.map(([x, y, size]) => (
        <use key={`${x}-${y}`} href={`#${flower}`} x={x - size / 2} y={y - size / 2} width={size} height={size} />
      ))}
      {drifting.map(([x, y, angle]) => (
        <path
          key={`${x}-${y}`}
          className={styles.drift}
          d="M0 0C-3-2-3-6-1-7.5L0-6.5l1-1C3-6 3-2 0 0Z"
          transform={`translate(${x} ${y}) rotate(${angle})`}
        />
      ))}
    </svg>
  );
}

/** A small spray of three blossoms for corners of cards and the header. Decorative only. */
export function SakuraSpray({ className }: { className?: string }) {
  const flower = `${useId()}spray`;
  return (
    <svg className={className} viewBox="0 0 64 48" aria-hidden="true" focusable="false">
      <defs>
        <BlossomSymbol id={flower} />
      </defs>
      <path className={styles.branch} d="M64 6C48 10 36 20 26 36" />
      <use href={`#${flower}`} x="30" y="2" width="22" height="22" />
      <use href={`#${flower}`} x="14" y="22" width="18" height="18" />
      <use href={`#${flower}`} x="44" y="20" width="14" height="14" />
    </svg>
  );
}
