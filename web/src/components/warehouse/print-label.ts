import { getData } from '../crud/api.ts';

export interface Label {
  /** What the QR code holds (the code a scanner picks the record by), printed large under it. */
  code: string;
  /** Further lines: name, specification... (empty ones are left out). */
  lines: readonly (string | null | undefined)[];
  /** The print window's title. */
  title: string;
}

const STYLE = `
  @page { size: 60mm 40mm; margin: 2mm; }
  body { margin: 0; font-family: sans-serif; }
  .label { display: flex; gap: 3mm; align-items: center; }
  .label img { width: 30mm; height: 30mm; }
  .code { font-size: 14pt; font-weight: bold; }
  .line { font-size: 9pt; }`;

/**
 * Prints a label with the record's QR code (`QR/generateCodeBs64`) in a window of its own, which
 * holds nothing but the label. The window is opened before the code is fetched, so the browser
 * counts it as the click's popup; text goes in as text, never as markup.
 */
export async function printLabel(label: Label): Promise<void> {
  const win = window.open('', '_blank', 'width=420,height=320');
  if (!win) return;
  try {
    const png = await getData<string>('/warehouse/QR/generateCodeBs64', { content: label.code });
    const doc = win.document;
    doc.title = label.title;
    const style = doc.createElement('style');
    style.textContent = STYLE;
    doc.head.append(style);
    const box = doc.createElement('div');
    box.className = 'label';
    const img = doc.createElement('img');
    img.alt = label.code;
    img.src = `data:image/png;base64,${png}`;
    const text = doc.createElement('div');
    for (const [className, value] of [['code', label.code], ...label.lines.map((l) => ['line', l])]) {
      if (!value) continue;
      const line = doc.createElement('div');
      line.className = className as string;
      line.textContent = value;
      text.append(line);
    }
    box.append(img, text);
    doc.body.append(box);
    await img.decode().catch(() => undefined);
    win.focus();
    win.print();
  } catch {
    win.close();
  }
}
