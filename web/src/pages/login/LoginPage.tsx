import { LockOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Space, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { loginByPassword, type PasswordLogin } from '../../api/auth.ts';
import { HttpError } from '../../api/http.ts';
import { showError } from '../../app/feedback.ts';
import { LanguageSwitch } from '../../app/LanguageSwitch.tsx';
import { useMenu } from '../../app/menu-store.ts';
import { useSession } from '../../app/session.ts';
import { useDocumentTitle } from '../../app/use-document-title.ts';
import { useErrorsFollowLanguage } from '../../app/use-errors-follow-language.ts';
import { website } from '../../config.ts';
import { CaptchaInput, useCaptcha } from './CaptchaInput.tsx';
import { RegisterDialog } from './RegisterDialog.tsx';

type LoginForm = Omit<PasswordLogin, 'captcha'> & { code?: string };

/** The server's refusal that asks this address for the captcha from now on. */
const CAPTCHA_REQUIRED = 'auth.captcha.required';

/** /login: tenant id, account, password (sent as its md5) and, in captcha mode, the captcha. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useSession((s) => s.signIn);
  const [submitting, setSubmitting] = useState(false);
  const [registering, setRegistering] = useState(false);
  const { message, modal } = App.useApp();
  const { token } = theme.useToken();
  const [form] = Form.useForm<LoginForm>();
  useErrorsFollowLanguage(form);
  // Captcha mode, or the server asked for it (failures from this address: auth.captcha.required).
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const withCaptcha = website.captchaMode || captchaAsked;
  const captcha = useCaptcha(withCaptcha);
  useDocumentTitle('login.pageTitle');

  // The captcha's answer is spent by any attempt: a failed one needs a new image and code.
  const failed = (error?: unknown) => {
    if (error instanceof HttpError && error.key === CAPTCHA_REQUIRED) setCaptchaAsked(true);
    if (!withCaptcha) return;
    form.setFieldValue('code', '');
    captcha.reload();
  };

  async function submit({ code, ...values }: LoginForm) {
    setSubmitting(true);
    try {
      const answer = await loginByPassword({
        ...values,
        captcha: withCaptcha ? { key: captcha.key, code: code ?? '' } : undefined,
      });
      if (answer.error_description) {
        showError(answer.error_description);
        failed();
        return;
      }
      signIn(answer);
      await useMenu.getState().load();
      navigate('/');
    } catch (error) {
      // the HTTP client has shown the server's message
      failed(error);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f0f2f5' }}>
      {/* a card drawn with the theme's tokens: antd's Card and Typography would bring tabs, menus and
          editors into the first load (issue 17) */}
      <section
        style={{
          width: 400,
          padding: token.paddingLG,
          background: token.colorBgContainer,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
        }}
      >
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <h3 style={{ margin: 0, fontSize: token.fontSizeHeading3, fontWeight: 600, color: token.colorTextHeading }}>
              {t('login.heading')}
            </h3>
            <LanguageSwitch />
          </Space>
          <span style={{ color: token.colorTextSecondary }}>{t('login.subtitle')}</span>
          <Form<LoginForm>
            form={form}
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
            {withCaptcha && (
              <Form.Item
                name="code"
                label={t('login.captcha')}
                rules={[{ required: true, whitespace: true, message: t('login.captchaRequired') }]}
              >
                <CaptchaInput image={captcha.image} onReload={captcha.reload} />
              </Form.Item>
            )}
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
      </section>
    </main>
  );
}
