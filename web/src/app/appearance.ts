import { create } from 'zustand';
import { AA, luminance, towardsContrast } from './contrast.ts';
import { getStore, setStore } from './storage.ts';

export const DEFAULT_COLOR = '#409EFF';

/** The 11 themes of the spec: sidebar and header colours, and the dark algorithm for `dark`. */
export const THEMES = {
  default: { sider: '#001529', siderText: 'dark', header: '#ffffff' },
  white: { sider: '#ffffff', siderText: 'light', header: '#ffffff' },
  dark: { sider: '#141414', siderText: 'dark', header: '#1f1f1f' },
  star: { sider: '#2d1b4e', siderText: 'dark', header: '#f4f0ff' },
  smart: { sider: '#0b3d4f', siderText: 'dark', header: '#eaf6f8' },
  iview: { sider: '#515a6e', siderText: 'dark', header: '#ffffff' },
  vip: { sider: '#2b2b2b', siderText: 'dark', header: '#f8f2e4' },
  cool: { sider: '#10396b', siderText: 'dark', header: '#e8f1fb' },
  d2: { sider: '#ebf1f6', siderText: 'light', header: '#ebf1f6' },
  hey: { sider: '#20222a', siderText: 'dark', header: '#fdfdfd' },
  // the header is the accent colour here, so the top menu's chosen item is marked in black (5.7:1)
  lte: { sider: '#222d32', siderText: 'dark', header: '#3c8dbc', headerAccent: '#000000' },
} as const;
export type ThemeName = keyof typeof THEMES;
/** A theme's look; `headerAccent` marks the header's chosen items where the accent colour is the header's own. */
export type ThemeLook = (typeof THEMES)[ThemeName] & { headerAccent?: string };
export const THEME_NAMES = Object.keys(THEMES) as ThemeName[];

interface AppearanceState {
  themeName: ThemeName;
  color: string;
  setTheme(name: ThemeName): void;
  setColor(color: string): void;
}

const storedTheme = getStore<string>('themeName');

/** Theme and colour, kept in local storage (spec §9) and shown on the body as `theme-<name>`. */
export const useAppearance = create<AppearanceState>()((set) => ({
  themeName: storedTheme && storedTheme in THEMES ? (storedTheme as ThemeName) : 'default',
  color: getStore<string>('colorName') ?? DEFAULT_COLOR,
  setTheme(themeName) {
    setStore('themeName', themeName);
    set({ themeName });
  },
  setColor(color) {
    setStore('colorName', color);
    set({ color });
  },
}));

/** Light and dark surfaces that text in the chosen colour sits on: containers, fills, the themes' headers. */
export const LIGHT_SURFACES = ['#ffffff', '#f5f5f5', ...Object.values(THEMES).map((t) => t.header)].filter(
  (c) => luminance(c) > 0.5,
);
export const DARK_SURFACES = ['#000000', '#141414', '#1f1f1f', THEMES.dark.header];

/**
 * The chosen colour as a fill behind white text and as text on the light surfaces, at AA (the antd
 * theme's primary colour, see antd/theme.ts); the login page draws with it before antd is loaded.
 */
export const accentFill = (color: string, extra = 0) =>
  towardsContrast(color, ['#ffffff', ...LIGHT_SURFACES], 'black', AA + extra);
