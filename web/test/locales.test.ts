import { describe, expect, it } from 'vitest';
import { type Bilingual, mergeCatalogues, pickLanguage } from '../src/app/messages.ts';
import { catalogues } from '../src/app/screen-messages.ts';

// Both catalogues with every screen's messages.ts merged in, and the areas' words that load with
// their pages (app/area-messages.ts): a key defined twice throws here.
const areas = Object.values(
  import.meta.glob<Bilingual>(['../src/components/**/area-messages.ts', '../src/pages/**/area-messages.ts'], {
    eager: true,
    import: 'default',
  }),
);
const zhCN = areas.reduce((all, m) => mergeCatalogues(all, pickLanguage(m, 0)), catalogues.zh);
const enUS = areas.reduce((all, m) => mergeCatalogues(all, pickLanguage(m, 1)), catalogues.en);

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
const entries = (o: object, prefix = ''): [string, string][] =>
  Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'object' ? entries(v, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)] as [string, string]],
  );
const values = (o: object): string[] => Object.values(o).flatMap((v) => (typeof v === 'object' ? values(v) : [v]));

describe('the message catalogues', () => {
  it('take in the areas that load with their pages', () => {
    expect(areas.length).toBeGreaterThan(0);
  });

  it('have the same keys', () => {
    expect(keys(enUS).sort()).toEqual(keys(zhCN).sort());
  });

  it('have no Chinese in English, and Chinese in every Chinese text but names and numbers', () => {
    expect(values(enUS).filter((v) => /[\u4e00-\u9fff]/.test(v) && v !== '中文')).toEqual([]);
    // a Chinese text without Chinese is a name the same in both (English, MinIO, WEB) or a number
    const enByKey = new Map(entries(enUS));
    const notChinese = entries(zhCN).filter(([_k, v]) => !/[\u4e00-\u9fff]/.test(v) && !/^\d+$/.test(v));
    expect(notChinese.filter(([k, v]) => v.toLowerCase() !== enByKey.get(k)?.toLowerCase() && v !== 'English')).toEqual(
      [],
    );
  });
});
