import { Spin } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deployModel, FLOW, type FlowModel, modelDetail } from '../../../api/flow.ts';
import { saveFile } from '../../../app/save-file.ts';
import { useSession } from '../../../app/session.ts';
import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudResource, Row } from '../../../components/crud/types.ts';
import { useFormDialog } from '../../../components/crud/use-form-dialog.tsx';
import { deployFields } from '../../../components/flow/flow-fields.tsx';
import { website } from '../../../config.ts';

// bpmn-js's modeler (≈160 kB compressed) and its fonts come with the designer's first opening.
const ModelDesigner = lazy(() => import('../../../components/flow/bpmn/ModelDesigner.tsx'));

/** Process models being designed (BPMN XML kept on the server until deployed). */
export const modelResource: CrudResource = {
  api: FLOW.model,
  listPath: 'list',
  permissions: { delete: 'flow_model_delete', add: 'flow_model_create' },
  createTimeRange: false,
  fields: [
    { name: 'modelKey', label: 'flow.model.modelKey', search: true },
    { name: 'name', label: 'flow.model.name', search: true },
    { name: 'version', label: 'flow.version' },
    { name: 'description', label: 'flow.model.description', type: 'textarea' },
    { name: 'lastUpdated', label: 'flow.model.lastUpdated', type: 'datetime' },
  ],
};

/**
 * /flow/model, 模型管理: models, designed in the browser (create, edit, import, export), deployed
 * with a category (and tenants), downloaded as BPMN XML, removed.
 */
export default function ModelPage() {
  const { t } = useTranslation();
  const platform = useSession((s) => s.tenantId === website.tenantId);
  const dialog = useFormDialog();
  const [designing, setDesigning] = useState<{ model: FlowModel | null; reload(): void } | null>(null);

  const resource = useMemo<CrudResource>(() => {
    const withDetail = (row: Row, use: (model: FlowModel) => void) =>
      void modelDetail(String(row.id))
        .then(use)
        .catch(() => undefined); // the client has shown why
    return {
      ...modelResource,
      rowActions: [
        {
          label: 'flow.model.design',
          permission: 'flow_model_update',
          onClick: (row, { reload }) => withDetail(row, (model) => setDesigning({ model, reload })),
        },
        {
          label: 'flow.model.deploy',
          permission: 'flow_model_deploy',
          onClick: (row, { reload }) =>
            dialog.open({
              title: 'flow.model.deploy',
              fields: deployFields(platform),
              submit: (values) =>
                deployModel(
                  String(row.id),
                  String(values.category),
                  String(values.tenantIds ?? '')
                    .split(',')
                    .filter(Boolean),
                ).then(reload),
            }),
        },
        {
          label: 'flow.model.download',
          permission: 'flow_model_download',
          onClick: (row) =>
            withDetail(row, (model) =>
              saveFile(new Blob([model.modelEditorXml ?? ''], { type: 'application/xml' }), `${model.modelKey}.bpmn`),
            ),
        },
      ],
    };
  }, [dialog.open, platform]);

  return (
    <>
      <CrudPage resource={resource} onAdd={({ reload }) => setDesigning({ model: null, reload })} />
      {dialog.element}
      {designing && (
        <Suspense fallback={<Spin fullscreen tip={t('flow.model.loading')} />}>
          <ModelDesigner model={designing.model} onSaved={designing.reload} onClose={() => setDesigning(null)} />
        </Suspense>
      )}
    </>
  );
}
