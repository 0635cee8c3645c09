import { SearchOutlined } from '@ant-design/icons';
import { theme } from 'antd';
// the Input alone: antd's `Input` carries Search, TextArea, Password and OTP into the layout's first load (issue 17)
import Input from 'antd/es/input/Input';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type MenuEntry, menuLeaves, openEntry } from '../menu.ts';
import { useMenuLabel } from '../menu-label.ts';
import { useVisibleMenu } from '../visible-menu.ts';

/** The leaves of the sidebar's menu whose translated name starts with the text, ignoring case (spec §2 menu search). */
export function useMatches(text: string): { entry: MenuEntry; label: string }[] {
  const menu = useVisibleMenu();
  const label = useMenuLabel();
  const wanted = text.trim().toLowerCase();
  if (!wanted) return [];
  return menuLeaves(menu)
    .map((entry) => ({ entry, label: label(entry) }))
    .filter((m) => m.label.toLowerCase().startsWith(wanted));
}

/**
 * The top bar's menu search, a combobox with its list of matches (WAI-ARIA's list autocomplete):
 * the first match is highlighted, arrows move, Enter or a click opens, Escape closes the list, then
 * empties the box. Drawn on antd's Input, not its AutoComplete: rc-select and its virtual list would
 * weigh on every page's first load for a list of a few names (issue 17).
 */
export function MenuSearchBox({ width = 200 }: { width?: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const [text, setText] = useState('');
  const [listed, setListed] = useState(false);
  const [active, setActive] = useState(0);
  const matches = useMatches(text);
  const list = useId();
  const shown = listed && matches.length > 0;
  const choose = (entry: MenuEntry) => {
    setText('');
    setListed(false);
    openEntry(entry, navigate);
  };
  const move = (step: number) => {
    setListed(true);
    setActive((i) => (i + step + matches.length) % Math.max(matches.length, 1));
  };
  const keyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && shown) {
      const match = matches[active];
      if (match) choose(match.entry);
    } else if (event.key === 'Escape') {
      if (shown) setListed(false);
      else setText('');
    }
  };
  return (
    <div style={{ position: 'relative', width }}>
      <Input
        role="combobox"
        aria-expanded={shown}
        aria-controls={list}
        aria-autocomplete="list"
        aria-activedescendant={shown ? `${list}-${active}` : undefined}
        aria-label={t('search.placeholder')}
        placeholder={t('search.placeholder')}
        prefix={<SearchOutlined />}
        allowClear
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setListed(true);
        }}
        onKeyDown={keyDown}
        onBlur={() => setListed(false)}
      />
      <div
        id={list}
        role="listbox"
        aria-label={t('search.title')}
        hidden={!shown}
        style={{
          position: 'absolute',
          zIndex: token.zIndexPopupBase + 50,
          top: '100%',
          insetInline: 0,
          marginTop: 4,
          padding: token.paddingXXS,
          background: token.colorBgElevated,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowSecondary,
        }}
      >
        {shown &&
          matches.map((m, i) => (
            // biome-ignore lint/a11y/useFocusableInteractive: the box keeps the focus and names the highlighted option (aria-activedescendant)
            // biome-ignore lint/a11y/useKeyWithClickEvents: the box's keys (arrows, Enter) choose an option
            <div
              key={m.entry.id}
              id={`${list}-${i}`}
              role="option"
              aria-selected={i === active}
              // the box keeps the focus: a press on an option does not blur it
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose(m.entry)}
              style={{
                padding: '5px 12px',
                cursor: 'pointer',
                color: token.colorText,
                borderRadius: token.borderRadiusSM,
                background: i === active ? token.controlItemBgHover : undefined,
              }}
            >
              {m.label}
            </div>
          ))}
      </div>
    </div>
  );
}
