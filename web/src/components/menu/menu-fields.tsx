import { useMenuLabel } from '../../app/menu-label.ts';
import type { FieldSpec, Row } from '../crud/types.ts';
import { MenuIcon, menuIconOf } from './MenuIcon.tsx';

/** A menu's name in the user's language where the client knows its code (seeded menus), else as stored. */
function MenuName({ row }: { row: Row }) {
  const label = useMenuLabel();
  return <>{label({ code: String(row.code ?? ''), name: String(row.name ?? '') })}</>;
}

/** The fields of a menu (BladeX Menu): the menu screen's list and form, and the menu lists of the scope screens. */
export const menuFields: readonly FieldSpec[] = [
  { name: 'name', label: 'menus.name', search: true, required: true, render: (_v, row) => <MenuName row={row} /> },
  { name: 'path', label: 'menus.path' },
  {
    name: 'parentId',
    label: 'menus.parentId',
    type: 'tree-select',
    options: { tree: '/blade-system/menu/tree' },
    column: false,
  },
  {
    name: 'source',
    label: 'menus.source',
    // the icon itself; a class name the client does not know stays as text
    render: (v) => (menuIconOf(v as string) ? <MenuIcon source={v as string} /> : (v as string)),
  },
  { name: 'code', label: 'menus.code', search: true, required: true },
  {
    name: 'category',
    label: 'menus.category',
    type: 'radio',
    options: { dict: 'menu_category' },
    numeric: true,
    required: true,
    initial: '1',
  },
  { name: 'alias', label: 'menus.alias', search: true },
  {
    name: 'action',
    label: 'menus.action',
    type: 'radio',
    options: { dict: 'button_func' },
    numeric: true,
    column: false,
  },
  { name: 'sort', label: 'menus.sort', type: 'number', required: true, initial: 1 },
  {
    name: 'isOpen',
    label: 'menus.isOpen',
    type: 'radio',
    options: { dict: 'yes_no' },
    numeric: true,
    initial: '1',
    column: false,
  },
  { name: 'remark', label: 'menus.remark', type: 'textarea', column: false },
];

/** Menus are menus (category 1), not buttons. */
export const isMenu = (row: Row) => Number(row.category) === 1;
