import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { lockScreen } from '../lock.ts';

/** The lock dialog (30% wide): a lock password, then every route shows /lock. Loaded when first opened. */
export default function LockDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ password: string }>();
  return (
    <Modal
      title={t('lock.title')}
      open={open}
      width="30%"
      mask={{ closable: false }}
      okText={t('lock.ok')}
      cancelText={t('lock.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={({ password }) => {
          lockScreen(password);
          onClose();
          navigate('/lock');
        }}
      >
        <Form.Item name="password" label={t('lock.password')} rules={[{ required: true, message: t('lock.required') }]}>
          <Input.Password autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
