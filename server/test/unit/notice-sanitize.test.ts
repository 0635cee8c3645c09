import { describe, expect, it } from 'vitest';
import { sanitizeNoticeContent as clean } from '../../src/modules/desk/notice/sanitize.ts';

describe('sanitizeNoticeContent', () => {
  it("keeps an editor's markup: formats, lists, tables, links, pictures and harmless styles", async () => {
    const html =
      '<h2>Title</h2><p style="text-align:center;color:#ff0000"><strong>b</strong> <em>i</em> <u>u</u> <s>s</s></p>' +
      '<ul><li>one</li></ul><table><tbody><tr><td colspan="2">cell</td></tr></tbody></table>' +
      '<a href="https://example.com/a?b=1" title="t">link</a><img src="https://example.com/p.png" alt="p" />' +
      '<img src="data:image/png;base64,iVBORw0KGgo=" />';
    expect(await clean(html)).toBe(html);
  });

  it.each([
    ['<script>alert(1)</script>ok', 'ok'],
    ['<p onclick="x()" onmouseover="y()">p</p>', '<p>p</p>'],
    ['<img src="x" onerror="alert(1)">', '<img src="x" />'],
    ['<a href="javascript:alert(1)">a</a>', '<a>a</a>'],
    ['<a href="JaVaScRiPt&#58;alert(1)">a</a>', '<a>a</a>'],
    ['<a href="//evil.example/x">a</a>', '<a>a</a>'],
    ['<img src="javascript:alert(1)">', '<img />'],
    ['<iframe src="https://evil.example"></iframe><object data="x"></object><embed src="x">', ''],
    ['<form action="https://evil.example"><input name="p"><button>go</button></form>', 'go'],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<style>body{display:none}</style>text', 'text'],
    ['<p style="position:fixed;top:0;background:url(javascript:alert(1))">p</p>', '<p>p</p>'],
    ['<meta http-equiv="refresh" content="0;url=https://evil.example">', ''],
  ])('takes out what runs or reaches out: %s', async (input, output) => {
    expect(await clean(input)).toBe(output);
  });

  it('lets a link opened elsewhere not reach back into the page', async () => {
    expect(await clean('<a href="https://example.com" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('escapes plain text so that it shows as typed, and is stable when cleaned again', async () => {
    const once = await clean('a < b && c > "d"\nsecond line');
    expect(once).toBe('a &lt; b &amp;&amp; c &gt; "d"\nsecond line');
    expect(await clean(once)).toBe(once);
  });
});
