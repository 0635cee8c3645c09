import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Empty, Input, List, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type MenuEntry, menuLeaves, openEntry } from '../menu.ts';
import { useMenuLabel } from '../menu-label.ts';
import { useVisibleMenu } from '../visible-menu.ts';

/** The leaves of the sidebar's menu whose translated name starts with the text, ignoring case (spec §2 menu search). */
function useMatches(text: string): { entry: MenuEntry; label: string }[] {
  const menu = useVisibleMenu();
  const label = useMenuLabel();
  const wanted = text.trim().toLowerCase();
  if (!wanted) return [];
  return menuLeaves(menu)
    .map((entry) => ({ entry, label: label(entry) }))
    .filter((m) => m.label.toLowerCase().startsWith(wanted));
}

/** The top bar's autocomplete: choosing a match (click, or Enter on the first or highlighted one) opens it. */
export function MenuSearchBox({ width = 200 }: { width?: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const matches = useMatches(text);
  return (
    <AutoComplete
      style={{ width }}
      value={text}
      defaultActiveFirstOption
      options={matches.map((m) => ({ value: m.entry.id, label: m.label }))}
      onSearch={setText}
      onSelect={(id) => {
        const match = matches.find((m) => m.entry.id === id);
        setText('');
        if (match) openEntry(match.entry, navigate);
      }}
    >
      <Input
        prefix={<SearchOutlined />}
        allowClear
        aria-label={t('search.placeholder')}
        placeholder={t('search.placeholder')}
      />
    </AutoComplete>
  );
}

/** The search overlay of the tab menu: type, Enter opens the first match, Esc closes. */
export function MenuSearchOverlay({ open, onClose }: { open: boolean; onClose: () => void }) {
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
