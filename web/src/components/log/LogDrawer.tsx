import { Descriptions, Drawer, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldValue } from '../crud/FieldInput.tsx';
import type { FieldSpec, Row } from '../crud/types.ts';
import { prettyText } from './pretty.ts';

interface Props {
  /** The row whose detail is shown; null when closed. */
  row: Row | null;
  fields: readonly FieldSpec[];
  /** Reads the whole row (the list answers its short columns only). */
  detail(id: string): Promise<Row>;
  /** Fields shown as blocks of text: pretty-printed JSON, a stack in a monospace block. */
  blocks: readonly string[];
  title: string;
  onClose(): void;
}

/** A log row's detail beside its list: every field, long texts readable (parameters indented, stacks kept as lines). */
export function LogDrawer({ row, fields, detail, blocks, title, onClose }: Props) {
  const { t } = useTranslation();
  const [record, setRecord] = useState<Row | null>(null);
  useEffect(() => {
    setRecord(null);
    if (!row?.id) return;
    let current = true;
    detail(String(row.id))
      .then((found) => current && setRecord(found))
      .catch(() => current && onClose()); // the client has said why
    return () => {
      current = false;
    };
  }, [row, detail, onClose]);

  const inline = fields.filter((f) => !blocks.includes(f.name));
  const blockFields = fields.filter((f) => blocks.includes(f.name));
  return (
    <Drawer open={row !== null} size="large" title={t(title)} onClose={onClose} destroyOnHidden>
      {!record ? (
        <Spin />
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the drawer's body scrolls, so the keyboard must reach it (axe: scrollable-region-focusable)
        <section tabIndex={0} aria-label={t(title)}>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={inline.map((f) => ({
              key: f.name,
              label: t(f.label),
              children: f.render ? f.render(record[f.name], record) : <FieldValue field={f} value={record[f.name]} />,
            }))}
          />
          {blockFields.map((f) => (
            <section key={f.name} style={{ marginTop: 16 }}>
              <Typography.Title level={5}>{t(f.label)}</Typography.Title>
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a block that scrolls must take focus to scroll by keyboard (axe: scrollable-region-focusable) */}
              <pre className="cw-log-block" data-field={f.name} tabIndex={0}>
                {prettyText(record[f.name]) || '—'}
              </pre>
            </section>
          ))}
        </section>
      )}
    </Drawer>
  );
}
