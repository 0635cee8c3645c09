import { Button, Empty, Form, Space, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RenderedGrid, ReportParam } from '../../api/report.ts';
import { ParamsForm, readParams } from './ParamsForm.tsx';
import { RenderedGridTable } from './RenderedGridTable.tsx';

export type ExportFormat = 'xlsx' | 'pdf';

interface Props {
  params: readonly ReportParam[];
  /** The report's name: the table's accessible name. */
  label: string;
  render(values: Record<string, string>): Promise<RenderedGrid>;
  /** Saves the report as a file (a stored report only: the exports read it on the server). */
  onExport?(format: ExportFormat, values: Record<string, string>): Promise<unknown>;
}

/** The parameters, the preview button (and the exports), and the report as the server rendered it. */
export function ReportPreview({ params, label, render, onExport }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [grid, setGrid] = useState<RenderedGrid | null>(null);
  const [busy, setBusy] = useState<'preview' | ExportFormat | null>(null);

  const run = (what: 'preview' | ExportFormat) => async () => {
    const values = await readParams(form, params).catch(() => null); // the form shows what is missing
    if (!values) return;
    setBusy(what);
    try {
      if (what === 'preview') setGrid(await render(values));
      else await onExport?.(what, values);
    } catch {
      // the client has shown why
    } finally {
      setBusy(null);
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ display: 'flex' }}>
      <ParamsForm form={form} params={params}>
        <Space wrap>
          <Button type="primary" loading={busy === 'preview'} onClick={run('preview')}>
            {t('reportList.view.preview')}
          </Button>
          {onExport && (
            <>
              <Button loading={busy === 'xlsx'} onClick={run('xlsx')}>
                {t('reportList.view.exportXlsx')}
              </Button>
              <Button loading={busy === 'pdf'} onClick={run('pdf')}>
                {t('reportList.view.exportPdf')}
              </Button>
            </>
          )}
        </Space>
      </ParamsForm>
      {grid ? (
        <Spin spinning={busy === 'preview'}>
          <RenderedGridTable grid={grid} label={label} />
        </Spin>
      ) : (
        <Empty description={t('reportList.view.none')} />
      )}
    </Space>
  );
}
