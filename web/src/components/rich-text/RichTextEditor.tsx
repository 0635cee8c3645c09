import {
  BoldOutlined,
  ClearOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomInputProps } from '../crud/types.ts';
import { RichText } from './RichText.tsx';

// The formats of the original's editor that a notice uses, as the browser's own editing commands:
// no editor library (their smallest weigh more than this whole screen). The server sanitizes what comes.
const TOOLS: [command: string, icon: ReactNode][] = [
  ['bold', <BoldOutlined key="b" />],
  ['italic', <ItalicOutlined key="i" />],
  ['underline', <UnderlineOutlined key="u" />],
  ['insertOrderedList', <OrderedListOutlined key="ol" />],
  ['insertUnorderedList', <UnorderedListOutlined key="ul" />],
  ['removeFormat', <ClearOutlined key="c" />],
];

/** What the editor holds, with an emptied editor's leftover `<br>` read as nothing. */
const htmlOf = (box: HTMLElement) => (box.textContent?.trim() || box.querySelector('img') ? box.innerHTML : '');

/** A rich-text input for a form; read-only (a view) it shows the text as it will be read. */
export function RichTextEditor({ id, value, onChange, disabled, label }: CustomInputProps & { label: string }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const html = typeof value === 'string' ? value : '';
  // Written into the editor only when it changed from outside (a record loaded, a reset), so typing
  // keeps its caret.
  useEffect(() => {
    if (box.current && htmlOf(box.current) !== html) box.current.innerHTML = html;
  }, [html]);
  if (disabled) return <RichText id={id} html={html} />;
  const run = (command: string) => {
    box.current?.focus();
    // execCommand is what every browser still offers for a contenteditable's formats
    document.execCommand(command);
    if (box.current) onChange?.(htmlOf(box.current));
  };
  return (
    <div>
      <Space.Compact>
        {TOOLS.map(([command, icon]) => (
          <Tooltip key={command} title={t(`richText.${command}`)}>
            <Button
              size="small"
              icon={icon}
              aria-label={t(`richText.${command}`)}
              // keeps the selection in the editor
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => run(command)}
            />
          </Tooltip>
        ))}
      </Space.Compact>
      {/* biome-ignore lint/a11y/useSemanticElements: rich text needs a contenteditable; a textarea holds plain text only */}
      <div
        id={id}
        ref={box}
        className="cw-rich-editor cw-rich-text"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        tabIndex={0}
        aria-multiline="true"
        aria-label={label}
        onInput={() => box.current && onChange?.(htmlOf(box.current))}
      />
    </div>
  );
}
