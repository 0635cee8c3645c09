import type { Rule } from 'antd/es/form';
import type { ComponentType, ReactNode } from 'react';
import type { NumberFormat } from './format.ts';

/** A record as the server answers it: ids are strings, everything else is the screen's business. */
export type Row = Record<string, unknown> & { id?: string };

/** Where a choice field's options come from. */
export type OptionSource =
  /**
   * A system dictionary (`/blade-system/dict/dictionary?code=`), labels translated where the client
   * knows them; `prefix` goes before each key where the server's values carry one (a flow's category
   * `flow_1` is the flow dictionary's key 1).
   */
  | { dict: string; prefix?: string }
  /** A tenant's business dictionary (`/blade-system/dict-biz/dictionary?code=`). */
  | { dictBiz: string }
  /** Fixed choices; `label` is a message key. */
  | { items: readonly { label: string; value: string | number }[] }
  /**
   * A list endpoint answering rows (or a page of them); `label`/`value` name their fields (several
   * labels join with a space); `first`: fixed choices before them (`label` a message key).
   */
  | {
      url: string;
      label: string | readonly string[];
      value: string;
      params?: Record<string, unknown>;
      first?: readonly { label: string; value: string }[];
    }
  /** A tree endpoint answering `{id, title, value, children}` nodes. */
  | { tree: string; params?: Record<string, unknown> };

export type FieldType =
  | 'text'
  | 'textarea'
  | 'number'
  | 'password'
  | 'select'
  | 'radio'
  | 'switch'
  | 'tree-select'
  | 'date'
  | 'datetime';

/** What a screen's own input receives from the form (see `FieldSpec.input`). */
export interface CustomInputProps {
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
}

/** One field of a resource: where it shows is said by `column`, `search` and `form`. */
export interface FieldSpec {
  name: string;
  /** A message key. */
  label: string;
  type?: FieldType;
  options?: OptionSource;
  /** Several choices, sent and received comma-joined, as BladeX does. */
  multiple?: boolean;
  /** A choice the server takes as a number (dictionary keys are text in the form). */
  numeric?: boolean;
  /** A required field; `true` says 'please enter/select <label>', a string is the message key to show. */
  required?: boolean | string;
  /** A secret written, never read back: required when adding; left empty when editing, the stored one stays. */
  keepOnEdit?: boolean;
  /**
   * The most characters the server takes (its schema's `max`): the input stops there. A test
   * (web/test/field-limits.test.ts) holds every declaration to its server schema.
   */
  max?: number;
  /** Further antd rules (their `message` is a message key). */
  rules?: Rule[];
  /**
   * In the table; false never, 'optional' only once chosen in the column menu (a wide screen's
   * secondary columns, so the rest fit the card). Default true.
   */
  column?: boolean | 'optional';
  /** Sortable on the server (by this field's name). */
  sortable?: boolean;
  /** Column width in px. */
  width?: number;
  /** A number shown the one way every screen shows it (see format.ts): a quantity, or money. */
  format?: NumberFormat;
  /** Renders the cell instead of the value (or its option label). */
  render?: (value: unknown, row: Row) => ReactNode;
  /** In the search bar. */
  search?: boolean;
  /** In the dialog; 'add' only when adding, 'edit' only for edit and view; false never. Default true. */
  form?: boolean | 'add' | 'edit';
  /** Read-only when editing (e.g. a code that identifies the record). */
  lockOnEdit?: boolean;
  /** Takes the dialog's whole width (textarea does by default). */
  wide?: boolean;
  /** The value a new record starts with. */
  initial?: unknown;
  /** Shown under the input; a message key. */
  help?: string;
  /**
   * The value the server stores for "none" (BladeX's parent id 0): shown as an empty input, and
   * sent when the input is left empty.
   */
  emptyValue?: string | number;
  /** Several tree choices that do not imply each other: choosing a parent does not choose its children. */
  checkStrictly?: boolean;
  /** This field repeats another (a password's confirmation): it must equal it, and is never sent. */
  confirms?: {
    field: string;
    /** A message key, shown when the two differ. */
    message: string;
  };
  /**
   * The screen's own form input (an editor of item lines): its value goes to `submit` as it is,
   * without the conversions of the typed fields.
   */
  input?: ComponentType<CustomInputProps>;
}

/** The query parameters a search's date range goes as: from its first day, to before the day after its last. */
export interface DateRangeParams {
  from: string;
  to: string;
  /** The range's label (a message key) when it is not the creation time (a notice's release time). */
  label?: string;
}

/** Permission codes of the standard buttons; a missing one hides its button. */
export interface CrudPermissions {
  add?: string;
  edit?: string;
  delete?: string;
  view?: string;
}

/** What toolbar and row actions receive. */
export interface CrudContext {
  selected: Row[];
  /** The list's search filters as it sends them (an export takes the same). */
  filters: Row;
  reload(): void;
  /** Opens the add dialog starting from these values (a child under a row). */
  add(values?: Row): void;
}

export interface RowAction {
  /** A message key. */
  label: string;
  permission?: string;
  /** Hides the action on rows it does not apply to. */
  visible?: (row: Row) => boolean;
  onClick(row: Row, ctx: CrudContext): void;
}

export interface ToolbarAction {
  label: string;
  permission?: string;
  danger?: boolean;
  /** Acts on the selection: warns when nothing is selected. */
  needsSelection?: boolean;
  onClick(ctx: CrudContext): void;
}

/** The calls a screen makes; crud/api.ts gives the BladeX ones, a resource may replace any. */
export interface CrudCalls {
  list(query: Record<string, unknown>): Promise<unknown>;
  detail(id: string): Promise<Row>;
  /** Resolves to what the server answers in `data` (the saved record, where it answers one). */
  submit(row: Row): Promise<unknown>;
  remove(ids: readonly string[]): Promise<unknown>;
}

/** A screen's declaration of its resource. */
export interface CrudResource {
  /** The endpoint prefix under /api, e.g. `/blade-system/post`. */
  api: string;
  /** Its permission code prefix (`post` gives post_add, post_edit, post_delete, post_view), or each code. */
  permissions: string | CrudPermissions;
  fields: readonly FieldSpec[];
  /**
   * How rows are read: `page` (default) pages on the server; `tree` reads `list` whole as a tree;
   * `lazy` reads `lazy-list?parentId=` level by level as rows expand.
   */
  mode?: 'page' | 'tree' | 'lazy';
  /** The list endpoint's name when not `page`/`list`/`lazy-list`. */
  listPath?: string;
  /** The standard view button (the tenant-package screen has none). Default true. */
  view?: boolean;
  /**
   * The createTime date range in the search bar. Default true for paged screens; the names of the
   * range's parameters where the list takes others (the work lists' `beginDate` / `endDate`).
   */
  createTimeRange?: boolean | DateRangeParams;
  /** The field that identifies a row where it is not `id` (a work list's `taskId`). */
  rowKey?: string;
  /** Form dialog width (px). Default 880, as the original's dialogs. */
  dialogWidth?: number;
  /** Turns the edited record into the body `submit` takes (after the comma-joining of multiple fields). */
  toSubmit?: (values: Row, editing: Row | null) => Row;
  /** Runs after a successful submit with the server's answer (the client screen shows a new secret once). */
  afterSave?: (saved: Row) => void;
  /** Turns a detail into the record the form shows (the inverse of `toSubmit`). */
  fromRecord?: (record: Row) => Row;
  /** Calls that differ from the BladeX convention (a region is keyed by code, removed one at a time). */
  calls?: Partial<CrudCalls>;
  rowActions?: readonly RowAction[];
  toolbar?: readonly ToolbarAction[];
}
