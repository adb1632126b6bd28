import type { ContrastPair, ThemeTokenTable } from '@member/shared-core';

/**
 * The default theme's design tokens: clean light-blue and indigo. theme.module.css declares exactly
 * these values (a unit test compares the two and checks every pair below for WCAG AA contrast).
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
} satisfies ThemeTokenTable;

/** Pairs the default look draws beyond the shared ones. */
export const themePairs: readonly ContrastPair[] = [
  { fg: '--mc-primary', bg: '--df-bar-bg', min: 4.5, use: 'current tab label in the bottom bar' },
  { fg: '--mc-muted', bg: '--df-bar-bg', min: 4.5, use: 'other tab labels' },
  { fg: '--mc-text', bg: '--df-bar-bg', min: 4.5, use: 'brand name in the app bar' },
  { fg: '--df-on-tint', bg: '--df-tint', min: 4.5, use: 'current entry in the desktop sidebar, page badge' },
  { fg: '--mc-border', bg: '--df-bar-bg', min: 3, use: 'switch borders in the app bar' },
];
