import type { ContrastPair, ThemeTokenTable } from '@member/shared-core';

/**
 * The default theme's design tokens: clean light-blue and indigo.
 * The one source of these values: the build writes them into theme.module.css as custom properties (theme.test.tsx checks
 * every pair below for WCAG AA contrast, in both schemes and every flavour).
 */
export const tokens = {
  common: {
    '--mc-radius': '12px',
    '--mc-logo-radius': '10px',
    '--mc-font': "'Noto Sans Thai', 'Sarabun', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    '--df-bar-height': '64px',
  },
  light: {
    '--mc-bg': '#f3f6fc',
    '--mc-surface': '#ffffff',
    '--mc-text': '#0f1a3a',
    '--mc-muted': '#4a5578',
    '--mc-primary': '#3346d3',
    '--mc-on-primary': '#ffffff',
    '--mc-link': '#2f43c8',
    '--mc-border': '#7c89b0',
    '--mc-input-bg': '#ffffff',
    '--mc-input-text': '#0f1a3a',
    '--mc-placeholder': '#5f6b8a',
    '--mc-danger': '#b42318',
    '--mc-danger-bg': '#fdecea',
    '--mc-danger-text': '#8a1c12',
    '--mc-line': '#06803f',
    '--mc-on-line': '#ffffff',
    '--mc-focus': '#c2410c',
    '--df-bar-bg': '#ffffff',
    '--df-tint': '#e6ecfd',
    '--df-on-tint': '#2536b0',
    '--df-divider': '#dfe5f3',
    '--df-glow-a': '#c9d6ff',
    '--df-glow-b': '#cdeeff',
    '--df-shadow': '0 1px 2px rgb(15 26 58 / 0.06), 0 10px 28px rgb(15 26 58 / 0.08)',
  },
  dark: {
    '--mc-bg': '#0b1020',
    '--mc-surface': '#151b2f',
    '--mc-text': '#e8ecf8',
    '--mc-muted': '#a7b1d0',
    '--mc-primary': '#8c9bff',
    '--mc-on-primary': '#0b1020',
    '--mc-link': '#a5b2ff',
    '--mc-border': '#66729a',
    '--mc-input-bg': '#0f1426',
    '--mc-input-text': '#e8ecf8',
    '--mc-placeholder': '#98a2c3',
    '--mc-danger': '#ff8f85',
    '--mc-danger-bg': '#3a1416',
    '--mc-danger-text': '#ffc2bc',
    '--mc-line': '#06803f',
    '--mc-on-line': '#ffffff',
    '--mc-focus': '#ffb44d',
    '--df-bar-bg': '#121829',
    '--df-tint': '#232c52',
    '--df-on-tint': '#c3cbff',
    '--df-divider': '#252d48',
    '--df-glow-a': '#1f2a66',
    '--df-glow-b': '#0f3048',
    '--df-shadow': '0 1px 2px rgb(0 0 0 / 0.45), 0 10px 28px rgb(0 0 0 / 0.35)',
  },
  /** Per-site flavours, picked by sites.json `css`: the accents (and the glow behind the page) change. */
  flavours: {
    /** The base look: indigo blue. */
    'default-blue': { light: {}, dark: {} },
    /** Emerald: deep green accents on the same calm ground. */
    'default-emerald': {
      light: {
        '--mc-primary': '#047857',
        '--mc-on-primary': '#ffffff',
        '--mc-link': '#046c4e',
        '--df-tint': '#e1f5ec',
        '--df-on-tint': '#065f46',
        '--df-glow-a': '#bff0d8',
        '--df-glow-b': '#cdf1ea',
      },
      dark: {
        '--mc-primary': '#34d399',
        '--mc-on-primary': '#0b1020',
        '--mc-link': '#6ee7b7',
        '--df-tint': '#113a30',
        '--df-on-tint': '#a7f3d0',
        '--df-glow-a': '#0f4034',
        '--df-glow-b': '#0d3a45',
      },
    },
    /** Violet, for a site that mixes themes under one violet brand. */
    'mix-violet': {
      light: {
        '--mc-primary': '#6d28d9',
        '--mc-on-primary': '#ffffff',
        '--mc-link': '#6425c9',
        '--df-tint': '#efe9fd',
        '--df-on-tint': '#5b21b6',
        '--df-glow-a': '#ddd0ff',
        '--df-glow-b': '#f0dcff',
      },
      dark: {
        '--mc-primary': '#b79cff',
        '--mc-on-primary': '#0b1020',
        '--mc-link': '#c4b0ff',
        '--df-tint': '#2e2452',
        '--df-on-tint': '#d9ccff',
        '--df-glow-a': '#35206a',
        '--df-glow-b': '#2a1a4f',
      },
    },
  },
} satisfies ThemeTokenTable;

/** Pairs the default look draws beyond the shared ones. */
export const themePairs: readonly ContrastPair[] = [
  { fg: '--mc-primary', bg: '--df-bar-bg', min: 4.5, use: 'current tab label in the bottom bar' },
  { fg: '--mc-muted', bg: '--df-bar-bg', min: 4.5, use: 'other tab labels' },
  { fg: '--mc-text', bg: '--df-bar-bg', min: 4.5, use: 'brand name in the app bar' },
  { fg: '--df-on-tint', bg: '--df-tint', min: 4.5, use: 'current entry in the desktop sidebar, page badge' },
  { fg: '--mc-border', bg: '--df-bar-bg', min: 3, use: 'switch borders in the app bar' },
];
