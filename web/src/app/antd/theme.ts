import { theme as antdTheme, type ThemeConfig } from 'antd';
import { accentFill, DARK_SURFACES, LIGHT_SURFACES, THEMES, type ThemeName } from '../appearance.ts';
import { AA, contrast, luminance, mix, towardsContrast } from '../contrast.ts';

// The antd side of the appearance: loaded with antd (the layout and the pages that use it), not by
// the login page, which draws with accentFill alone (issue 17: the login page's budget).

const PRESETS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
];
const presetSeeds = new Map<boolean, Record<string, string>>();

/**
 * antd's coloured tags write shade 7 of a colour on its shade 1 (green: 3.4:1). Each preset colour's seed
 * is darkened (lightened on the dark theme) as little as makes those two 4.5:1; worked out once.
 */
function presetTagSeeds(dark: boolean): Record<string, string> {
  const known = presetSeeds.get(dark);
  if (known) return known;
  const algorithm = dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm;
  const base = antdTheme.getDesignToken({ algorithm }) as unknown as Record<string, string>;
  const passes = (name: string, seed: string) => {
    const t = antdTheme.getDesignToken({ algorithm, token: { [name]: seed } }) as unknown as Record<string, string>;
    return contrast(t[`${name}7`] ?? '', t[`${name}1`] ?? '') >= AA;
  };
  const seedOf = (name: string) => {
    const start = base[name] ?? '#000000';
    if (passes(name, start)) return start;
    let [low, high] = [0, 1];
    for (let i = 0; i < 7; i += 1) {
      const middle = (low + high) / 2;
      if (passes(name, mix(start, dark ? 'white' : 'black', middle))) high = middle;
      else low = middle;
    }
    return mix(start, dark ? 'white' : 'black', high);
  };
  const seeds = Object.fromEntries(PRESETS.map((name) => [name, seedOf(name)]));
  presetSeeds.set(dark, seeds);
  return seeds;
}

/**
 * The antd theme of the current appearance, at WCAG AA contrast (4.5:1) whatever colour is chosen:
 * the chosen colour keeps its hue but is darkened as far as white text on it and it as text on light
 * surfaces need (on the dark theme, lightened for text on dark surfaces), and antd's grey secondary
 * and placeholder text and its red are darkened from their 3:1 defaults. Without motion where the user
 * asks for less of it.
 */
export function antdThemeOf(themeName: ThemeName, color: string, reducedMotion = false): ThemeConfig {
  const dark = themeName === 'dark';
  // fills behind white text, and their hover and press shades (a step darker, never lighter)
  const fill = (extra = 0) => accentFill(color, extra);
  const text = (extra = 0) => (dark ? towardsContrast(color, DARK_SURFACES, 'white', AA + extra) : fill(extra));
  // the top menu sits on the theme's header colour (LTE's is blue)
  const header = THEMES[themeName].header;
  const onHeader = towardsContrast(text(), [header], luminance(header) < 0.18 ? 'white' : 'black');
  const ink = dark ? 'rgba(255, 255, 255,' : 'rgba(0, 0, 0,';
  // the dark algorithm darkens the seed red: it starts lighter there
  const red = dark
    ? towardsContrast('#ff4d4f', DARK_SURFACES, 'white', AA + 1)
    : towardsContrast('#ff4d4f', LIGHT_SURFACES, 'black');
  return {
    algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      motion: !reducedMotion,
      colorPrimary: fill(),
      colorPrimaryHover: fill(0.7),
      colorPrimaryActive: fill(1.4),
      colorLink: text(),
      colorLinkHover: text(0.7),
      colorLinkActive: text(1.4),
      colorError: red,
      colorTextTertiary: `${ink} 0.6)`,
      colorTextDescription: `${ink} 0.6)`,
      colorTextPlaceholder: `${ink} 0.55)`,
      ...presetTagSeeds(dark),
    },
    components: {
      // white at 65 % is under 4.5:1 on the lighter sidebars (iView's)
      Menu: {
        darkItemColor: 'rgba(255, 255, 255, 0.85)',
        // the selected entry sits on a tint of the colour, not on white
        itemSelectedColor: text(1.2),
        horizontalItemSelectedColor: onHeader,
        horizontalItemHoverColor: onHeader,
      },
      Tabs: { itemSelectedColor: text(), itemHoverColor: text(0.7), itemActiveColor: text(1.4), inkBarColor: text() },
      Pagination: { itemActiveColor: text() },
    },
  };
}
