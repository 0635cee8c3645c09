import { Col, Form, type FormInstance, Row as Grid } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../api/http.ts';
import { FieldInput } from './FieldInput.tsx';
import type { FieldSpec, Row } from './types.ts';

export type DialogMode = 'add' | 'edit' | 'view';

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

export const shownIn = (f: FieldSpec, mode: DialogMode) =>
  f.form === undefined || f.form === true || (f.form === 'add' ? mode === 'add' : f.form === 'edit' && mode !== 'add');

interface Props {
  form: FormInstance<Row>;
  fields: readonly FieldSpec[];
  mode: DialogMode;
  /** The form's name (its inputs' ids start with it). */
  name: string;
}

/**
 * The inputs of a record's fields with their labels, rules and help, two to a row (long ones take
 * the row): the body of the record dialog, and of a page that is a form (start a leave request).
 */
export function RecordFields({ form, fields, mode, name }: Props) {
  const { t } = useTranslation();
  return (
    <Form form={form} layout="vertical" disabled={mode === 'view'} name={name}>
      <Grid gutter={16}>
        {fields
          .filter((f) => shownIn(f, mode))
          .map((f) => (
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
  );
}

/** The server names each bad field (`data: [{field, message}]`): each is shown under its input. */
export function placeProblems(form: FormInstance<Row>, fields: readonly FieldSpec[], mode: DialogMode, error: unknown) {
  const problems = error instanceof HttpError ? (error.body as { data?: unknown })?.data : null;
  if (!Array.isArray(problems)) return;
  const known = new Set(fields.filter((f) => shownIn(f, mode)).map((f) => f.name));
  form.setFields(
    (problems as { field: string; message: string }[])
      .filter((p) => known.has(p.field))
      // under its label, the message need not name the field again
      .map((p) => ({ name: p.field, errors: [p.message.replace(`${p.field}: `, '')] })),
  );
}
