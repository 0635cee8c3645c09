import { describe, expect, it } from 'vitest';
import { showsKeyFigures } from '../src/pages/wel/key-figures.ts';
import { menuEntry as entry } from './fake-api.tsx';

describe('showsKeyFigures', () => {
  it('shows them when the report screen is in the menu, at any depth', () => {
    expect(showsKeyFigures([entry('/warehouse', [entry('/warehouse/report')])], {})).toBe(true);
  });
  it('shows them to who holds the report permission without the screen', () => {
    expect(showsKeyFigures([], { warehouse_report_view: true })).toBe(true);
  });
  it('hides them from everyone else', () => {
    expect(showsKeyFigures([entry('/warehouse', [entry('/warehouse/refuel')])], { refuel_add: true })).toBe(false);
  });
});
