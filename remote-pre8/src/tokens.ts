import type { ThemeTokenTable } from '@member/shared-core/ui';
import type { ContrastPair } from '@member/shared-core/testing';

/**
 * PRE8 design tokens: a premium black-and-gold casino look, with an ivory and deep-gold light scheme
 * for sites that mix PRE8 pages into a light site.
 * The one source of these values: the theme's root sets them as custom properties.
 */
export const tokens = {
  common: {
    '--mc-radius': '6px',
    '--mc-logo-radius': '50%',
    '--mc-font': "'Kanit', 'Noto Sans Thai', 'Sarabun', system-ui, -apple-system, 'Segoe UI', sans-serif",
    '--p8-display': "'Cinzel', 'Playfair Display', 'Noto Serif Thai', 'Kinnari', 'Trirong', Georgia, serif",
    '--p8-bar-height': '64px',
  },
  light: {
    '--mc-bg': '#f7f1e3',
    '--mc-surface': '#fffcf4',
    '--mc-text': '#1d170b',
    '--mc-muted': '#5a4d31',
    '--mc-primary': '#7a5a10',
    '--mc-on-primary': '#fffaf0',
    '--mc-link': '#775611',
    '--mc-border': '#9a8553',
    '--mc-input-bg': '#ffffff',
    '--mc-input-text': '#1d170b',
    '--mc-placeholder': '#6e6147',
    '--mc-danger': '#a3261b',
    '--mc-danger-bg': '#fbe8e4',
    '--mc-danger-text': '#7f1a11',
    '--mc-line': '#06803f',
    '--mc-on-line': '#ffffff',
    '--mc-focus': '#1d170b',
    '--p8-gold': '#7a5a10',
    '--p8-btn-from': '#6b4e0c',
    '--p8-btn-to': '#8f6a17',
    '--p8-foil-a': '#b8902f',
    '--p8-foil-b': '#f0d27a',
    '--p8-hero-bg': '#efe3c4',
    '--p8-hero-text': '#1d170b',
    '--p8-hero-glow': '#fff6dc',
    '--p8-bar-bg': '#fffaf0',
    '--p8-chip-bg': '#fffcf4',
    '--p8-chip-text': '#3d3219',
    '--p8-shadow': '0 1px 0 rgb(122 90 16 / 0.25), 0 12px 30px rgb(60 45 10 / 0.12)',
  },
  dark: {
    '--mc-bg': '#0b0a08',
    '--mc-surface': '#17140e',
    '--mc-text': '#f6eedb',
    '--mc-muted': '#bdb196',
    '--mc-primary': '#d9b24c',
    '--mc-on-primary': '#17120a',
    '--mc-link': '#e8c766',
    '--mc-border': '#8a7644',
    '--mc-input-bg': '#100e0a',
    '--mc-input-text': '#f6eedb',
    '--mc-placeholder': '#a39779',
    '--mc-danger': '#ff7b6b',
    '--mc-danger-bg': '#3b130e',
    '--mc-danger-text': '#ffb8ad',
    '--mc-line': '#06803f',
    '--mc-on-line': '#ffffff',
    '--mc-focus': '#fff0b3',
    '--p8-gold': '#e2bd55',
    '--p8-btn-from': '#b8902f',
    '--p8-btn-to': '#f0d27a',
    '--p8-foil-a': '#a77f22',
    '--p8-foil-b': '#f6de8d',
    '--p8-hero-bg': '#120f09',
    '--p8-hero-text': '#f6eedb',
    '--p8-hero-glow': '#3a2c0c',
    '--p8-bar-bg': '#0e0c08',
    '--p8-chip-bg': '#1f1a11',
    '--p8-chip-text': '#eadfc2',
    '--p8-shadow': '0 1px 0 rgb(226 189 85 / 0.25), 0 16px 40px rgb(0 0 0 / 0.55)',
  },
  /** Per-site flavours, picked by sites.json `css`: the gilt (accents, buttons, foil) changes metal. */
  flavours: {
    /** The base look: black and gold. */
    'pre8-gold': { light: {}, dark: {} },
    /** Violet gilt, for a site that mixes themes under one violet brand. */
    'mix-violet': {
      light: {
        '--mc-primary': '#5b21b6',
        '--mc-on-primary': '#fbf8ff',
        '--mc-link': '#5b21b6',
        '--p8-gold': '#5b21b6',
        '--p8-btn-from': '#4c1d95',
        '--p8-btn-to': '#6d28d9',
        '--p8-foil-a': '#8b5cf6',
        '--p8-foil-b': '#d8c8ff',
      },
      dark: {
        '--mc-primary': '#b79cff',
        '--mc-on-primary': '#140c24',
        '--mc-link': '#cdb8ff',
        '--p8-gold': '#c4a8ff',
        '--p8-btn-from': '#9f7aea',
        '--p8-btn-to': '#cdb8ff',
        '--p8-foil-a': '#7c5bd6',
        '--p8-foil-b': '#dccbff',
      },
    },
  },
} satisfies ThemeTokenTable;

/** Pairs the PRE8 look draws beyond the shared ones. */
export const themePairs: readonly ContrastPair[] = [
  { fg: '--p8-gold', bg: '--mc-bg', min: 4.5, use: 'gold headings and brand name on the page' },
  { fg: '--p8-gold', bg: '--mc-surface', min: 4.5, use: 'gold headings on cards' },
  { fg: '--p8-hero-text', bg: '--p8-hero-bg', min: 4.5, use: 'hero band text' },
  { fg: '--p8-gold', bg: '--p8-hero-bg', min: 4.5, use: 'brand name in the hero band' },
  { fg: '--mc-muted', bg: '--p8-hero-bg', min: 4.5, use: 'tagline in the hero band' },
  { fg: '--mc-on-primary', bg: '--p8-btn-from', min: 4.5, use: 'primary button label, darker end of the gold' },
  { fg: '--mc-on-primary', bg: '--p8-btn-to', min: 4.5, use: 'primary button label, lighter end of the gold' },
  { fg: '--p8-chip-text', bg: '--p8-chip-bg', min: 4.5, use: 'menu chip label' },
  { fg: '--mc-border', bg: '--p8-bar-bg', min: 3, use: 'chip outline on the chip bar' },
  { fg: '--mc-on-primary', bg: '--mc-primary', min: 4.5, use: 'current chip' },
  { fg: '--mc-text', bg: '--p8-bar-bg', min: 4.5, use: 'text on the chip bar' },
];
