import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { antdThemeOf } from '../src/app/antd/theme.ts';
import { DEFAULT_COLOR, THEME_NAMES, THEMES } from '../src/app/appearance.ts';
import { AA, contrast, towardsContrast } from '../src/app/contrast.ts';

const token = (name: string, key: string) =>
  (antdThemeOf(name as never, DEFAULT_COLOR).token as Record<string, string>)[key] ?? '';

describe('theme colours at WCAG AA (4.5:1)', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#409eff', '#ffffff')).toBeCloseTo(2.78, 2);
    const moved = towardsContrast('#409eff', ['#ffffff'], 'black');
    expect(contrast(moved, '#ffffff')).toBeGreaterThanOrEqual(AA);
  });

  // the spec's default blue, a light yellow and a pale colour a person may pick
  for (const color of [DEFAULT_COLOR, '#ffd000', '#e0f0ff'])
    for (const name of THEME_NAMES) {
      it(`${name} theme with ${color}`, () => {
        const theme = antdThemeOf(name, color);
        const t = theme.token as Record<string, string>;
        // white text on buttons and the selected sidebar entry
        expect(contrast('#ffffff', t.colorPrimary ?? '')).toBeGreaterThanOrEqual(AA);
        expect(contrast('#ffffff', t.colorPrimaryHover ?? '')).toBeGreaterThanOrEqual(AA);
        // links on the page's surface
        const surface = name === 'dark' ? '#141414' : '#ffffff';
        expect(contrast(t.colorLink ?? '', surface)).toBeGreaterThanOrEqual(AA);
        // the top menu's chosen entry on the theme's header colour
        const menu = theme.components?.Menu as Record<string, string>;
        expect(contrast(menu.horizontalItemSelectedColor ?? '', THEMES[name].header)).toBeGreaterThanOrEqual(AA);
      });
    }

  it('darkens antd red and the coloured tags to 4.5:1', () => {
    expect(contrast(token('default', 'colorError'), '#ffffff')).toBeGreaterThanOrEqual(AA);
    for (const dark of [false, true]) {
      const t = theme.getDesignToken(antdThemeOf(dark ? 'dark' : 'default', DEFAULT_COLOR)) as unknown as Record<
        string,
        string
      >;
      for (const c of ['green', 'orange', 'purple', 'red', 'blue', 'gold'])
        expect(contrast(t[`${c}7`] ?? '', t[`${c}1`] ?? ''), c).toBeGreaterThanOrEqual(AA);
    }
  });
});
