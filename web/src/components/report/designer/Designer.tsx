import type { FWorkbook } from '@univerjs/preset-sheets-core';
import { Alert, App, Button, Card, Input, Modal, Space, Spin, Tabs } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Dataset,
  type DatasetChoice,
  previewReport,
  type ReportParam,
  type ReportTemplate,
  type StoredReport,
  submitReport,
} from '../../../api/report.ts';
import { ReportPreview } from '../ReportPreview.tsx';
import { sheetToWorkbook, workbookToSheet } from '../univer/template-sheet.ts';
import { UniverSheet } from '../univer/UniverSheet.tsx';
import { CellPanel } from './CellPanel.tsx';
import { DatasetsPanel } from './DatasetsPanel.tsx';
import { ParamsPanel } from './ParamsPanel.tsx';
import { useDatasetFields } from './use-dataset-fields.ts';

const EMPTY_SHEET: ReportTemplate['sheet'] = { rows: 1, cols: 1, cells: [], merges: [] };

/** Adds the parameters not yet declared (by name): a builtin dataset's `from`/`to` once, not twice. */
export const withParams = (params: readonly ReportParam[], more: readonly ReportParam[]) => [
  ...params,
  ...more.filter((m) => !params.some((p) => p.name === m.name)),
];

interface Props {
  /** The stored report, or null for a new one. */
  report: StoredReport | null;
  choice: DatasetChoice;
  onBack(): void;
}

/**
 * The report designer: the layout on a Univer sheet, and beside it the selected cell's binding, the
 * datasets and the parameters; saved as the template the server renders, previewed unsaved.
 */
export function Designer({ report, choice, onBack }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [id, setId] = useState(report?.id);
  const [name, setName] = useState(report?.name ?? '');
  const [datasets, setDatasets] = useState<Dataset[]>(report?.template.datasets ?? []);
  const [params, setParams] = useState<ReportParam[]>(report?.template.params ?? []);
  const [book, setBook] = useState<FWorkbook | null>(null);
  const [at, setAt] = useState({ row: 0, col: 0 });
  const [edits, setEdits] = useState(0);
  const [saving, setSaving] = useState(false);
  const [previewing, setPreviewing] = useState<ReportTemplate | null>(null);
  const fields = useDatasetFields(datasets, choice.builtins);
  const workbook = useMemo(() => sheetToWorkbook(report?.template.sheet ?? EMPTY_SHEET, report?.name ?? ''), [report]);

  useEffect(() => {
    const listening = book?.onSelectionChange(([range]) => {
      if (range) setAt({ row: range.startRow, col: range.startColumn });
    });
    return () => listening?.dispose();
  }, [book]);

  const template = (): ReportTemplate | null =>
    book && { version: 1, sheet: workbookToSheet(book.save()), datasets, params };
  const save = async () => {
    const current = template();
    if (!current) return;
    if (!name.trim()) return void message.warning(t('reportList.design.nameMissing'));
    setSaving(true);
    try {
      const saved = await submitReport({ id, name: name.trim(), template: current });
      setId(saved.id);
      void message.success(t('reportList.design.saved'));
    } catch {
      // the client has shown why
    } finally {
      setSaving(false);
    }
  };

  const panels = [
    {
      key: 'cell',
      label: t('reportList.cell.tab'),
      children: book && (
        <CellPanel
          key={`${at.row}:${at.col}:${edits}`}
          book={book}
          at={at}
          fields={fields}
          onChanged={() => setEdits((n) => n + 1)}
          onSelect={setAt}
        />
      ),
    },
    {
      key: 'datasets',
      label: t('reportList.dataset.tab'),
      children: (
        <DatasetsPanel
          datasets={datasets}
          choice={choice}
          fields={fields}
          onChange={setDatasets}
          onParams={(more) => setParams((p) => withParams(p, more))}
        />
      ),
    },
    { key: 'params', label: t('reportList.param.tab'), children: <ParamsPanel params={params} onChange={setParams} /> },
  ];

  return (
    <Card variant="borderless" styles={{ body: { paddingTop: 12 } }}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input
          disabled={!book}
          aria-label={t('reportList.name')}
          placeholder={t('reportList.name')}
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
          style={{ width: 280 }}
        />
        <Button type="primary" loading={saving} disabled={!book} onClick={() => void save()}>
          {t('reportList.design.save')}
        </Button>
        <Button disabled={!book} onClick={() => setPreviewing(template())}>
          {t('reportList.view.preview')}
        </Button>
        <Button onClick={onBack}>{t('reportList.design.back')}</Button>
      </Space>
      {!choice.sqlAllowed && datasets.some((d) => d.kind === 'sql') && (
        // the server refuses to save it for anyone but the platform's SQL writers: said before the work is done
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('reportList.design.sqlLocked')} />
      )}
      <div style={{ display: 'flex', gap: 12, height: 'calc(100vh - 250px)', minHeight: 520 }}>
        <div style={{ flex: 1, minWidth: 0, border: '1px solid #d9d9d9' }}>
          <UniverSheet workbook={workbook} onReady={setBook} label={t('reportList.design.sheet')} />
        </div>
        <aside aria-label={t('reportList.design.panel')} style={{ width: 340, overflow: 'auto' }}>
          {/* offered once the sheet has settled (UniverSheet's onReady) */}
          {book ? <Tabs items={panels} size="small" /> : <Spin style={{ display: 'block', margin: 24 }} />}
        </aside>
      </div>
      {previewing && (
        <Modal
          open
          width="90%"
          title={name || t('reportList.view.preview')}
          footer={null}
          onCancel={() => setPreviewing(null)}
        >
          <ReportPreview
            params={previewing.params}
            label={name || t('reportList.view.preview')}
            render={(values) => previewReport({ template: previewing }, values)}
          />
        </Modal>
      )}
    </Card>
  );
}
