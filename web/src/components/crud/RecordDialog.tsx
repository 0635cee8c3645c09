import { Form } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorsFollowLanguage } from '../../app/use-errors-follow-language.ts';
import { ActionModal } from './ActionModal.tsx';
import { fromFormValues, initialValues, toFormValues } from './form-values.ts';
import { type DialogMode, placeProblems, RecordFields } from './RecordFields.tsx';
import type { FieldSpec, Row } from './types.ts';

export type { DialogMode };

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

/** The add / edit / view dialog of a resource: not closed by a click outside (spec §2). */
export function RecordDialog({ mode, record, fields, width, title, done, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Row>();
  useErrorsFollowLanguage(form);

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(mode === 'add' ? { ...initialValues(fields), ...record } : toFormValues(fields, record ?? {}));
  }, [form, mode, record, fields]);

  const save = async () => {
    if (mode === 'view') return false; // a view never writes, whatever calls it
    const values = await form.validateFields();
    await onSubmit(fromFormValues(fields, values)).catch((error: unknown) => {
      placeProblems(form, fields, mode, error);
      throw error;
    });
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
      <RecordFields form={form} fields={fields} mode={mode} name="crud-record" />
    </ActionModal>
  );
}
