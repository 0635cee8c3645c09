import type { Page } from '@playwright/test';

/**
 * What a person cannot read in the page's table, one line each, with the table scrolled to its
 * start (`at: 'start'`) or to its end (`'end'`): a data cell lying under the fixed actions column,
 * a time clipped or wrapped (it must read whole, `YYYY-MM-DD HH:mm:ss`), Chinese broken one
 * character per line (a line holding a single Han character of a longer text).
 */
export async function unreadableCells(page: Page, at: 'start' | 'end' = 'start'): Promise<string[]> {
  return page.evaluate((at) => {
    const table = [...document.querySelectorAll<HTMLElement>('main .ant-table')].find((t) => t.offsetParent !== null);
    if (!table) return ['no table'];
    const box = table.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
    if (box) box.scrollLeft = at === 'start' ? 0 : box.scrollWidth;
    // innerText, unlike textContent, is what is rendered (a sort button's hidden words are not)
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point
    const headers = [...table.querySelectorAll('thead th')].map((th) => (th as HTMLElement).innerText.trim());
    const found: string[] = [];
    const lines = (cell: Element) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      const tops = new Map<number, string>();
      // one rectangle per character, grouped by the line it sits on
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (let i = 0; i < text.length; i++) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = range.getBoundingClientRect();
          if (!rect.width) continue;
          const top = Math.round(rect.top);
          tops.set(top, (tops.get(top) ?? '') + text[i]);
        }
      }
      return [...tops.values()].map((l) => l.trim()).filter(Boolean);
    };
    const rows = [...table.querySelectorAll('thead tr, tbody tr.ant-table-row')].slice(0, 8);
    for (const row of rows) {
      const cells = [...row.children] as HTMLElement[];
      const fixed = cells.find((c) => c.classList.contains('ant-table-cell-fix-end'))?.getBoundingClientRect();
      cells.forEach((cell, i) => {
        // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point
        const text = cell.innerText.trim();
        if (!text || cell.classList.contains('ant-table-cell-fix-end')) return;
        const name = `${headers[i] || `column ${i + 1}`}: "${text.slice(0, 30)}"`;
        const rect = cell.getBoundingClientRect();
        const boxRect = box?.getBoundingClientRect();
        const shown = !boxRect || (rect.right > boxRect.left + 1 && rect.left < boxRect.right - 1);
        if (fixed && shown && rect.right > fixed.left + 1 && rect.left < fixed.right - 1)
          found.push(`under the actions column: ${name}`);
        const cellLines = lines(cell);
        if (/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/.test(text)) {
          const content = document.createRange();
          content.selectNodeContents(cell);
          const textRect = content.getBoundingClientRect();
          if (cellLines.length > 1 || textRect.right > rect.right + 0.5 || cell.scrollWidth > cell.clientWidth + 1)
            found.push(`time not whole: ${name}`);
        }
        if (text.length > 1 && cellLines.some((l) => /^[\u4e00-\u9fff]$/.test(l)))
          found.push(`Chinese one character a line: ${name} (${cellLines.join(' | ')})`);
      });
    }
    return [...new Set(found)];
  }, at);
}
