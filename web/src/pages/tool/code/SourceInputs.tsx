import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOptions } from '../../../components/crud/options.ts';
import type { CustomInputProps } from '../../../components/crud/types.ts';

/** The platform's own database, which the generator reads when no datasource is chosen. */
export const PLATFORM_DB = '0';

/** The datasource of a generator record: the platform database or a datasource row. */
export function DatasourceSelect({ id, value, onChange, disabled }: CustomInputProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const { options } = useOptions({ url: '/blade-develop/datasource/select', label: 'name', value: 'id' });
  return (
    <Select
      id={id}
      disabled={disabled}
      value={value === undefined || value === null ? PLATFORM_DB : String(value)}
      onChange={(chosen) => {
        onChange?.(chosen);
        // a table of the datasource left is not one of the new one's
        form.setFieldValue('tableName', undefined);
      }}
      options={[{ label: t('code.platformDb'), value: PLATFORM_DB }, ...options]}
    />
  );
}

/** The table, picked among those of the datasource the form has chosen (with their comments). */
export function TableSelect({ id, value, onChange, disabled }: CustomInputProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const chosen = Form.useWatch('datasourceId', form) as string | undefined;
  const datasourceId = chosen ?? PLATFORM_DB;
  const { options, loading } = useOptions({
    url: '/blade-develop/code/tables',
    label: ['tableName', 'comment'],
    value: 'tableName',
    params: { datasourceId },
  });
  return (
    <Select
      id={id}
      disabled={disabled}
      loading={loading}
      placeholder={t('code.tableName')}
      showSearch={{ optionFilterProp: 'label' }}
      value={value as string | undefined}
      onChange={onChange}
      options={options}
    />
  );
}
