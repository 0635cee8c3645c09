/** A cell's name as a sheet shows it: `A1` is row 0, column 0; `AA3` is row 2, column 26. */
export function cellName(row: number, col: number): string {
  let letters = '';
  for (let n = col + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return `${letters}${row + 1}`;
}

/** The position a cell name (`b3`, `AA10`) names, or nothing for anything else. */
export function parseCellName(name: string): { row: number; col: number } | undefined {
  const match = /^([a-z]{1,3})([1-9]\d{0,5})$/i.exec(name.trim());
  if (!match) return undefined;
  const col = [...(match[1] ?? '').toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  return { row: Number(match[2]) - 1, col };
}
