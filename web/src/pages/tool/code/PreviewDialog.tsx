import { useQuery } from '@tanstack/react-query';
import { Empty, Menu, Modal, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData } from '../../../components/crud/api.ts';

interface GeneratedFile {
  filePath: string;
  code: string;
}

interface Props {
  id: string;
  title: string;
  onClose(): void;
}

/** What a generator record makes, before the download: its files on the left, the chosen one's code beside. */
export function PreviewDialog({ id, title, onClose }: Props) {
  const { t } = useTranslation();
  const { data, isLoading } = useQuery({
    queryKey: ['code-preview', id],
    queryFn: () => getData<GeneratedFile[]>('/blade-develop/code/preview', { id }),
    // a refusal (a table it cannot generate) has been shown by the client
    retry: false,
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const files = data ?? [];
  const file = files.find((f) => f.filePath === chosen) ?? files[0];
  return (
    <Modal open title={t('code.previewTitle', { name: title })} width={1100} footer={null} onCancel={onClose}>
      {isLoading ? (
        <Spin />
      ) : !file ? (
        <Empty />
      ) : (
        <div style={{ display: 'flex', gap: 12, height: '65vh' }}>
          <nav aria-label={t('code.files')} style={{ width: 340, overflow: 'auto', flex: 'none' }}>
            <Menu
              mode="inline"
              selectedKeys={[file.filePath]}
              onClick={({ key }) => setChosen(key)}
              items={files.map((f) => ({ key: f.filePath, label: f.filePath, title: f.filePath }))}
            />
          </nav>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the code scrolls, so the keyboard must reach it (axe: scrollable-region-focusable) */}
          <section aria-label={file.filePath} tabIndex={0} style={{ flex: 1, minWidth: 0, overflow: 'auto' }}>
            <Typography.Text strong>{file.filePath}</Typography.Text>
            <pre data-testid="code-preview" style={{ fontSize: 12, margin: '8px 0 0', whiteSpace: 'pre' }}>
              {file.code}
            </pre>
          </section>
        </div>
      )}
    </Modal>
  );
}
