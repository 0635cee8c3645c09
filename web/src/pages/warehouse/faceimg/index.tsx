import { UserOutlined } from '@ant-design/icons';
import { Avatar, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../components/crud/CrudPage.tsx';
import type { CrudResource } from '../../../components/crud/types.ts';
import { PhotoField } from '../../../components/photo/PhotoField.tsx';
import { personName } from '../../../components/warehouse/fields.tsx';

/** A person's photo in the list, named for who cannot see it. */
function Thumbnail({ src }: { src: string }) {
  const { t } = useTranslation();
  return <Avatar shape="square" size={40} src={src} alt={t('photo.alt')} />;
}

/**
 * /warehouse/faceimg: the persons who may take materials at a kiosk. Saving a photo makes the server
 * compute its face descriptor, and refuse a photo with no face or several (the dialog shows why).
 */
export const faceimgResource: CrudResource = {
  api: '/warehouse/faceimg',
  permissions: 'faceimg',
  fields: [
    { name: 'name', max: 64, label: 'faceimg.name', search: true, required: true, render: personName },
    { name: 'employeeNo', max: 64, label: 'faceimg.employeeNo', search: true },
    { name: 'deptId', label: 'faceimg.deptId', type: 'tree-select', options: { tree: '/blade-system/dept/tree' } },
    { name: 'phone', max: 32, label: 'faceimg.phone' },
    {
      name: 'imageUrl',
      label: 'faceimg.imageUrl',
      input: PhotoField,
      width: 140,
      render: (v) => (v ? <Thumbnail src={String(v)} /> : <NoPhoto />),
    },
    { name: 'remark', max: 255, label: 'warehouse.remark', type: 'textarea', column: false },
  ],
};

/** A person not yet enrolled: said so, not an empty cell (the kiosk cannot recognise them). */
function NoPhoto() {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      <Avatar shape="square" size={40} icon={<UserOutlined />} aria-hidden />
      <Typography.Text type="secondary">{t('faceimg.noPhoto')}</Typography.Text>
    </Space>
  );
}

/** /warehouse/faceimg */
export default function FaceimgPage() {
  return <CrudPage resource={faceimgResource} />;
}
