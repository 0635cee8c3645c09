import { LockOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { lockScreen } from '../lock.ts';

/** The top bar's lock: a dialog (30% wide) asks for a lock password, then every route shows /lock. */
export function LockButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ password: string }>();

  return (
    <>
      <Button type="text" aria-label={t('lock.button')} icon={<LockOutlined />} onClick={() => setOpen(true)} />
      <Modal
        title={t('lock.title')}
        open={open}
        width="30%"
        mask={{ closable: false }}
        okText={t('lock.ok')}
        cancelText={t('lock.cancel')}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={({ password }) => {
            lockScreen(password);
            setOpen(false);
            navigate('/lock');
          }}
        >
          <Form.Item
            name="password"
            label={t('lock.password')}
            rules={[{ required: true, message: t('lock.required') }]}
          >
            <Input.Password autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
