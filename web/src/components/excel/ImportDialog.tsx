import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Modal, Progress, Radio, Space, Typography, Upload } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Envelope, HttpError, http } from '../../api/http.ts';
import { saveFile } from '../../app/save-file.ts';

/** One refused row, as an import's 400 answer lists them in `data`. */
interface RowProblem {
  row: number;
  message: string;
}

interface Props {
  /** The import endpoint (multipart `file`, `isCovered`), e.g. `/blade-user/import-user`. */
  url: string;
  /** The empty workbook the import takes. */
  templateUrl: string;
  templateName: string;
  /** After a successful import (the list reloads). */
  onDone(): void;
  onClose(): void;
}

/**
 * BladeX's import dialog: a workbook (.xlsx), whether known records are overwritten (`isCovered`),
 * and the template to fill in. The file goes through the app's HTTP client with its progress; a
 * refused file lists every problem by row in the dialog, nothing having been written.
 */
export function ImportDialog({ url, templateUrl, templateName, onDone, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [covered, setCovered] = useState(0);
  const [percent, setPercent] = useState<number | null>(null);
  const [problems, setProblems] = useState<{ summary: string; rows: RowProblem[] } | null>(null);
  const progressId = useId();

  const submit = async () => {
    if (!file) {
      setProblems({ summary: t('excel.noFile'), rows: [] });
      return;
    }
    const data = new FormData();
    data.append('isCovered', String(covered));
    data.append('file', file);
    setProblems(null);
    setPercent(0);
    try {
      const answer = await http<Envelope<unknown>>({
        url,
        method: 'POST',
        data,
        quiet: true,
        onUploadProgress: (sent, total) => setPercent(total ? Math.floor((sent / total) * 100) : 0),
      });
      void message.success(answer.msg);
      onDone();
      onClose();
    } catch (error) {
      const body = error instanceof HttpError ? (error.body as { msg?: string; data?: unknown } | null) : null;
      const rows = Array.isArray(body?.data) ? (body.data as RowProblem[]) : [];
      const summary = rows.length ? t('excel.refused') : (body?.msg ?? t('excel.failed'));
      setProblems({ summary, rows });
    } finally {
      setPercent(null);
    }
  };

  const downloadTemplate = () =>
    http<Blob>({ url: templateUrl, responseType: 'blob' })
      .then((blob) => saveFile(blob, templateName))
      // the HTTP client has shown why
      .catch(() => undefined);

  return (
    <Modal
      open
      title={t('excel.importTitle')}
      onCancel={onClose}
      onOk={submit}
      okText={t('excel.submit')}
      cancelText={t('crud.cancel')}
      okButtonProps={{ loading: percent !== null }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('excel.file')} extra={t('excel.fileHint')} required>
          <Upload
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            maxCount={1}
            beforeUpload={(chosen) => {
              setFile(chosen);
              setProblems(null);
              // kept here until the import button sends it with the choice below
              return false;
            }}
            onRemove={() => setFile(null)}
            fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
          >
            <Button icon={<UploadOutlined />}>{t('excel.choose')}</Button>
          </Upload>
        </Form.Item>
        <Form.Item label={t('excel.isCovered')}>
          <Radio.Group
            value={covered}
            onChange={(e) => setCovered(Number(e.target.value))}
            options={[
              { value: 0, label: t('excel.skip') },
              { value: 1, label: t('excel.cover') },
            ]}
          />
        </Form.Item>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Button type="link" icon={<DownloadOutlined />} onClick={downloadTemplate} style={{ paddingInline: 0 }}>
            {t('excel.template')}
          </Button>
          {percent !== null && (
            <div>
              <Typography.Text type="secondary" id={progressId}>
                {t('excel.uploading')}
              </Typography.Text>
              <Progress percent={percent} size="small" aria-labelledby={progressId} />
            </div>
          )}
          {problems && (
            <Alert
              type="error"
              showIcon
              title={problems.summary}
              description={
                problems.rows.length > 0 && (
                  <ul style={{ margin: 0, paddingInlineStart: 20, maxHeight: 240, overflowY: 'auto' }}>
                    {problems.rows.map((p, i) => (
                      // a row may have several problems: the index keeps the keys apart
                      // biome-ignore lint/suspicious/noArrayIndexKey: the list is shown once, never reordered
                      <li key={i}>{t('excel.rowProblem', { row: p.row, message: p.message })}</li>
                    ))}
                  </ul>
                )
              }
            />
          )}
        </Space>
      </Form>
    </Modal>
  );
}
