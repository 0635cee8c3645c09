import { describe, expect, it } from 'vitest';
import { defineMessages, pickLocale, translate } from '../../src/platform/i18n/i18n.ts';

describe('pickLocale', () => {
  it.each([
    [undefined, 'zh-CN'],
    ['', 'zh-CN'],
    ['en', 'en-US'],
    ['en-US,en;q=0.9', 'en-US'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh-CN'],
    ['fr-FR,en;q=0.5,zh;q=0.4', 'en-US'],
    ['zh;q=0.2,en;q=0.8', 'en-US'],
    ['de', 'zh-CN'],
    ['en;q=0', 'zh-CN'],
  ])('reads %s as %s', (header, locale) => {
    expect(pickLocale(header)).toBe(locale);
  });
});

describe('translate', () => {
  const keys = defineMessages({ 'test.hello': { 'zh-CN': '你好, {name}', 'en-US': 'Hello, {name} and {other}' } });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('zh-CN', keys['test.hello'], { name: '张三' })).toBe('你好, 张三');
    expect(translate('en-US', keys['test.hello'], { name: 'Ann' })).toBe('Hello, Ann and {other}');
  });

  it('answers an unknown key as it is', () => {
    expect(translate('en-US', 'no.such.key')).toBe('no.such.key');
  });

  it('refuses a key defined twice with another text', () => {
    expect(() => defineMessages({ 'test.hello': { 'zh-CN': 'x', 'en-US': 'y' } })).toThrow(/defined twice/);
  });
});
