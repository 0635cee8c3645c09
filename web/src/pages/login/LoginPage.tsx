import { LockOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { loginByPassword, type PasswordLogin } from '../../api/auth.ts';
import { showError } from '../../app/feedback.ts';
import { LanguageSwitch } from '../../app/LanguageSwitch.tsx';
import { useMenu } from '../../app/menu-store.ts';
import { useSession } from '../../app/session.ts';
import { useDocumentTitle } from '../../app/use-document-title.ts';
import { website } from '../../config.ts';
import { RegisterDialog } from './RegisterDialog.tsx';

/** /login: tenant id, account and password; the password is sent as its md5. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useSession((s) => s.signIn);
  const [submitting, setSubmitting] = useState(false);
  const [registering, setRegistering] = useState(false);
  const { message, modal } = App.useApp();
  useDocumentTitle('login.pageTitle');

  async function submit(form: PasswordLogin) {
    setSubmitting(true);
    try {
      const answer = await loginByPassword(form);
      if (answer.error_description) {
        showError(answer.error_description);
        return;
      }
      signIn(answer);
      await useMenu.getState().load();
      navigate('/');
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f0f2f5' }}>
      <Card style={{ width: 400 }}>
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {t('login.heading')}
            </Typography.Title>
            <LanguageSwitch />
          </Space>
          <Typography.Text type="secondary">{t('login.subtitle')}</Typography.Text>
          <Form<PasswordLogin>
            name="login"
            layout="vertical"
            requiredMark={false}
            initialValues={{ tenantId: website.tenantId }}
            onFinish={submit}
          >
            {website.tenantMode && (
              <Form.Item
                name="tenantId"
                label={t('login.tenantId')}
                rules={[{ required: true, whitespace: true, message: t('login.tenantIdRequired') }]}
              >
                <Input prefix={<TeamOutlined />} autoComplete="organization" />
              </Form.Item>
            )}
            <Form.Item
              name="username"
              label={t('login.username')}
              rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
            >
              <Input prefix={<UserOutlined />} autoComplete="username" />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('login.password')}
              rules={[
                { required: true, message: t('login.passwordRequired') },
                { min: 6, message: t('login.passwordTooShort') },
              ]}
            >
              <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={submitting}>
              {submitting ? t('login.submitting') : t('login.submit')}
            </Button>
          </Form>
          <Button type="link" style={{ padding: 0 }} onClick={() => setRegistering(true)}>
            {t('register.link')}
          </Button>
          <RegisterDialog
            open={registering}
            onClose={() => setRegistering(false)}
            onWarn={(text) => void message.warning(text)}
            onDone={(text) => {
              setRegistering(false);
              modal.success({ title: text, onOk: () => useSession.getState().signOutLocally() });
            }}
          />
        </Space>
      </Card>
    </main>
  );
}
