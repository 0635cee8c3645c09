import { describe, expect, it } from 'vitest';
import { enUS } from '../src/locales/en-US.ts';
import { zhCN } from '../src/locales/zh-CN.ts';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
const values = (o: object): string[] => Object.values(o).flatMap((v) => (typeof v === 'object' ? values(v) : [v]));

describe('the message catalogues', () => {
  it('have the same keys', () => {
    expect(keys(enUS).sort()).toEqual(keys(zhCN).sort());
  });

  it('have no Chinese in English, and Chinese in every Chinese text but names and numbers', () => {
    expect(values(enUS).filter((v) => /[\u4e00-\u9fff]/.test(v) && v !== '中文')).toEqual([]);
    expect(values(zhCN).filter((v) => !/[\u4e00-\u9fff]/.test(v) && !/^(\d+|English)$/.test(v))).toEqual([]);
  });
});
