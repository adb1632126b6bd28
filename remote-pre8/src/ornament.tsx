import { useId } from 'react';
import styles from './ornament.module.css';

/** PRE8's gilded rule: two fading gold lines meeting at a lozenge. Decorative only. */
export function Ornament({ className }: { className?: string }) {
  const id = useId();
  return (
    <svg className={[styles.ornament, className].filter(Boolean).join(' ')} viewBox="0 0 220 12" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={`${id}l`} x1="0" x2="1">
          <stop offset="0" stopColor="currentColor" stopOpacity="0" />
          <stop offset="1" stopColor="currentColor" />
        </linearGradient>
        <linearGradient id={`${id}r`} x1="0" x2="1">
          <stop offset="0" stopColor="currentColor" />
          <stop offset="1" stopColor="currentColor" stopOpacity="0" />
        </linearGradient>
      </defs>
      <rect x="0" y="5.5" width="96" height="1" fill={`url(#${id}l)`} />
      <rect x="124" y="5.5" width="96" height="1" fill={`url(#${id}r)`} />
      <path d="M110 0.5 115.5 6 110 11.5 104.5 6Z" fill="currentColor" />
      <path d="M100 6h-2M122 6h-2" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
