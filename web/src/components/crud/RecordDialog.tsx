import { Col, Form, Row as Grid } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../api/http.ts';
import { useErrorsFollowLanguage } from '../../app/use-errors-follow-language.ts';
import { ActionModal } from './ActionModal.tsx';
import { FieldInput } from './FieldInput.tsx';
import { fromFormValues, initialValues, toFormValues } from './form-values.ts';
import type { FieldSpec, Row } from './types.ts';

export type DialogMode = 'add' | 'edit' | 'view';

interface Props {
  mode: DialogMode;
  /** The record being edited or viewed (its detail); for add, values to start from. */
  record: Row | null;
  fields: readonly FieldSpec[];
  width: number;
  /** A message key; default the mode's name (新增, 编辑, 查看). */
  title?: string;
  /** The message key said on success; default by mode (新增成功, 修改成功). */
  done?: string;
  /** Saves the record; rejects with the server's answer, which the dialog places under its fields. */
  onSubmit(values: Row): Promise<unknown>;
  onClose(): void;
}

/**
 * A label inside a sentence: "Please enter device name", not "…Device name". Chinese labels, and
 * words written in capitals (ID, URL), stay as they are.
 */
export const inSentence = (label: string) =>
  /^[A-Z][a-z]/.test(label) ? label[0]?.toLowerCase() + label.slice(1) : label;

const SELECTING = new Set(['select', 'radio', 'tree-select', 'switch', 'date', 'datetime']);

function rulesOf(field: FieldSpec, t: TFunction, mode: DialogMode): Rule[] {
  const rules: Rule[] = (field.rules ?? []).map((r) =>
    'message' in r && typeof r.message === 'string' ? { ...r, message: t(r.message) } : r,
  );
  if (field.required && !(field.keepOnEdit && mode !== 'add')) {
    const message =
      typeof field.required === 'string'
        ? t(field.required)
        : t(SELECTING.has(field.type ?? 'text') ? 'crud.requiredSelect' : 'crud.required', {
            label: inSentence(t(field.label)),
          });
    const text = ['text', 'textarea', 'password'].includes(field.type ?? 'text');
    rules.unshift(text ? { required: true, whitespace: true, message } : { required: true, message });
  }
  const { confirms } = field;
  if (confirms) {
    rules.push(({ getFieldValue }) => ({
      validator: (_rule, value) =>
        !value || value === getFieldValue(confirms.field)
          ? Promise.resolve()
          : Promise.reject(new Error(t(confirms.message))),
    }));
  }
  return rules;
}

const shownIn = (f: FieldSpec, mode: DialogMode) =>
  f.form === undefined || f.form === true || (f.form === 'add' ? mode === 'add' : f.form === 'edit' && mode !== 'add');

/** The add / edit / view dialog of a resource: not closed by a click outside (spec §2). */
export function RecordDialog({ mode, record, fields, width, title, done, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Row>();
  useErrorsFollowLanguage(form);
  const visible = fields.filter((f) => shownIn(f, mode));

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(mode === 'add' ? { ...initialValues(fields), ...record } : toFormValues(fields, record ?? {}));
  }, [form, mode, record, fields]);

  const save = async () => {
    if (mode === 'view') return false; // a view never writes, whatever calls it
    const values = await form.validateFields();
    await onSubmit(fromFormValues(fields, values)).catch((error: unknown) => {
      placeProblems(error);
      throw error;
    });
  };

  // The server names each bad field (`data: [{field, message}]`): show each under its input.
  const placeProblems = (error: unknown) => {
    const problems = error instanceof HttpError ? (error.body as { data?: unknown })?.data : null;
    if (!Array.isArray(problems)) return;
    const known = new Set(visible.map((f) => f.name));
    form.setFields(
      (problems as { field: string; message: string }[])
        .filter((p) => known.has(p.field))
        // under its label, the message need not name the field again
        .map((p) => ({ name: p.field, errors: [p.message.replace(`${p.field}: `, '')] })),
    );
  };

  return (
    <ActionModal
      title={t(title ?? `crud.${mode}`)}
      width={width}
      readOnly={mode === 'view'}
      done={done ?? (mode === 'edit' ? 'crud.updated' : 'crud.added')}
      onSave={save}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" disabled={mode === 'view'} name="crud-record">
        <Grid gutter={16}>
          {visible.map((f) => (
            <Col key={f.name} span={f.wide || f.type === 'textarea' ? 24 : 12}>
              <Form.Item
                name={f.name}
                label={t(f.label)}
                rules={rulesOf(f, t, mode)}
                dependencies={f.confirms ? [f.confirms.field] : undefined}
                // spec §5: the checks run in order and say one thing at a time
                validateFirst
                extra={f.help ? t(f.help) : undefined}
                valuePropName={f.type === 'switch' ? 'value' : undefined}
              >
                <FieldInput field={f} disabled={mode === 'view' || (mode === 'edit' && f.lockOnEdit)} />
              </Form.Item>
            </Col>
          ))}
        </Grid>
      </Form>
    </ActionModal>
  );
}
