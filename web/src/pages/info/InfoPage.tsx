import { App, Button, Card, Form, Input, Tabs } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchSelf, updatePassword, updateSelf } from '../../api/user.ts';
import { useSession } from '../../app/session.ts';
import { useDocumentTitle } from '../../app/use-document-title.ts';
import { PhotoField } from '../../components/photo/PhotoField.tsx';
import { LinkedAccounts } from './LinkedAccounts.tsx';

interface InfoForm {
  name: string;
  phone: string;
  email: string;
  /** The face photo's link. */
  avatar: string;
}
interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

/** /info/index: the signed-in user's own details (face photo included), their password, their linked accounts. */
export function InfoPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [infoForm] = Form.useForm<InfoForm>();
  const [passwordForm] = Form.useForm<PasswordForm>();
  useDocumentTitle('info.pageTitle');

  useEffect(() => {
    fetchSelf()
      .then((self) =>
        infoForm.setFieldsValue({
          name: self.name ?? '',
          phone: self.phone ?? '',
          email: self.email ?? '',
          avatar: self.avatar ?? '',
        }),
      )
      .catch(() => undefined);
  }, [infoForm]);

  const saveInfo = async (values: InfoForm) => {
    await updateSelf(values);
    // The top bar shows the name and the photo.
    useSession.getState().patchUserInfo({ nick_name: values.name, avatar: values.avatar });
    void message.success(t('info.saved'));
  };
  const savePassword = async (values: PasswordForm) => {
    await updatePassword(values.oldPassword, values.newPassword, values.newPassword1);
    passwordForm.resetFields();
    void message.success(t('info.saved'));
  };

  const info = (
    <Form
      form={infoForm}
      layout="vertical"
      style={{ maxWidth: 480 }}
      onFinish={(v) => saveInfo(v).catch(() => undefined)}
    >
      <Form.Item
        name="name"
        label={t('info.name')}
        rules={[{ required: true, whitespace: true, message: t('info.nameRequired') }]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('info.phone')}
        rules={[
          { required: true, message: t('info.phoneRequired') },
          { len: 11, message: t('info.phoneLength') },
          { pattern: /^1\d{10}$/, message: t('info.phoneFormat') },
        ]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="email" label={t('info.email')} rules={[{ type: 'email', message: t('info.emailFormat') }]}>
        <Input />
      </Form.Item>
      <Form.Item name="avatar" label={t('info.facePhoto')}>
        <PhotoField alt={t('info.facePhoto')} />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        {t('info.submit')}
      </Button>
    </Form>
  );

  const password = (
    <Form
      form={passwordForm}
      layout="vertical"
      style={{ maxWidth: 480 }}
      onFinish={(v) => savePassword(v).catch(() => undefined)}
    >
      <Form.Item
        name="oldPassword"
        label={t('info.oldPassword')}
        rules={[{ required: true, message: t('info.oldPasswordRequired') }]}
      >
        <Input.Password />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('info.newPassword')}
        rules={[
          { required: true, message: t('info.newPasswordRequired') },
          { min: 6, message: t('login.passwordTooShort') },
        ]}
      >
        <Input.Password />
      </Form.Item>
      <Form.Item
        name="newPassword1"
        label={t('info.newPassword1')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('info.newPassword1Required') },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(t('info.mismatch'))),
          }),
        ]}
      >
        <Input.Password />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        {t('info.submit')}
      </Button>
    </Form>
  );

  return (
    <Card>
      <Tabs
        items={[
          { key: 'info', label: t('info.infoTab'), children: info },
          { key: 'password', label: t('info.passwordTab'), children: password },
          { key: 'linked', label: t('info.linkedTab'), children: <LinkedAccounts /> },
        ]}
      />
    </Card>
  );
}
