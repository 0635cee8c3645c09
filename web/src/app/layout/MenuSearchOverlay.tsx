import { Empty, Input, List, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type MenuEntry, openEntry } from '../menu.ts';
import { useMatches } from './MenuSearch.tsx';

/** The search overlay of the tab menu: type, Enter opens the first match, Esc closes. Loaded when first opened. */
export default function MenuSearchOverlay({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const matches = useMatches(text);
  const go = (entry: MenuEntry) => {
    setText('');
    onClose();
    openEntry(entry, navigate);
  };
  return (
    <Modal title={t('search.title')} open={open} footer={null} onCancel={onClose} destroyOnHidden>
      <Input
        autoFocus
        aria-label={t('search.placeholder')}
        placeholder={t('search.placeholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={() => matches[0] && go(matches[0].entry)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose();
        }}
      />
      <List
        locale={{ emptyText: <Empty description={t('search.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
        dataSource={matches}
        renderItem={(m) => (
          <List.Item style={{ cursor: 'pointer' }} onClick={() => go(m.entry)}>
            {m.label}
          </List.Item>
        )}
      />
    </Modal>
  );
}
