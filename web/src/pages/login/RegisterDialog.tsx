import { Form, Input, Modal, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TokenAnswer } from '../../api/auth.ts';
import { HttpError, http } from '../../api/http.ts';
import { linkBySocial } from '../../api/social.ts';
import { showError } from '../../app/feedback.ts';
import { website } from '../../config.ts';
import type { Unregistered } from './use-social.ts';

interface Registration {
  tenantId: string;
  name: string;
  account: string;
  password: string;
  password2: string;
}
interface Link {
  account: string;
  password: string;
}

/**
 * The registration dialog: checks run in the spec's order (tenant, account, passwords, match) and
 * the first that fails is said; the server's refusal is shown as it says it, else "Submit failed".
 * After a third-party sign-in that found no user (`social`), it is the third-party registration
 * dialog: the guest it registers is linked to the identity, or the identity is linked to an existing
 * account of the tenant after its password (which signs in).
 */
export function RegisterDialog({
  open,
  onClose,
  onWarn,
  onDone,
  social,
  onSignedIn,
}: {
  open: boolean;
  onClose: () => void;
  onWarn: (text: string) => void;
  onDone: (text: string) => void;
  social?: Unregistered;
  onSignedIn?: (answer: TokenAnswer) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Registration>();
  const [linkForm] = Form.useForm<Link>();
  const [mode, setMode] = useState<'register' | 'link'>('register');

  function firstProblem(v: Partial<Registration>): string | null {
    if (!v.tenantId?.trim()) return t('register.tenantFirst');
    if (!v.account?.trim()) return t('register.accountFirst');
    if (!v.password || !v.password2) return t('register.passwordFirst');
    if (v.password !== v.password2) return t('register.mismatch');
    return null;
  }

  async function register() {
    const values = { ...form.getFieldsValue(), ...(social ? { tenantId: social.tenantId } : {}) };
    const problem = firstProblem(values);
    if (problem) return onWarn(problem);
    try {
      await http({
        url: '/blade-user/register-guest',
        method: 'POST',
        data: {
          tenantId: values.tenantId,
          name: values.name || values.account,
          account: values.account,
          password: values.password,
          ...(social ? { oauthId: social.oauthId } : {}),
        },
      });
      form.resetFields();
      onDone(t('register.submitted'));
    } catch (error) {
      // the HTTP client has shown the server's message; a failure without one still says so
      if (!(error instanceof HttpError) || error.code === 0) showError(t('register.failed'));
    }
  }

  async function link() {
    if (!social) return;
    const values = linkForm.getFieldsValue();
    if (!values.account?.trim()) return onWarn(t('register.accountFirst'));
    if (!values.password) return onWarn(t('register.passwordFirst'));
    try {
      const answer = await linkBySocial({
        tenantId: social.tenantId,
        oauthId: social.oauthId,
        ...values,
        username: values.account,
      });
      onSignedIn?.(answer);
    } catch {
      // the HTTP client has shown the server's message
    }
  }

  const registration = (
    <Form
      form={form}
      name="register"
      layout="vertical"
      initialValues={{ tenantId: social?.tenantId ?? website.tenantId }}
    >
      <Form.Item name="tenantId" label={t('login.tenantId')}>
        <Input disabled={Boolean(social)} />
      </Form.Item>
      <Form.Item name="name" label={t('register.name')}>
        <Input />
      </Form.Item>
      <Form.Item name="account" label={t('login.username')}>
        <Input />
      </Form.Item>
      <Form.Item name="password" label={t('login.password')}>
        <Input.Password />
      </Form.Item>
      <Form.Item name="password2" label={t('register.password2')}>
        <Input.Password />
      </Form.Item>
    </Form>
  );
  const linking = (
    <Form form={linkForm} name="link" layout="vertical">
      <p>{t('register.social.linkHint')}</p>
      <Form.Item name="account" label={t('login.username')}>
        <Input autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" label={t('login.password')}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
    </Form>
  );

  return (
    <Modal
      title={social ? t('register.social.title') : t('register.title')}
      open={open}
      mask={{ closable: false }}
      okText={mode === 'link' ? t('register.social.link') : t('register.submit')}
      cancelText={t('lock.cancel')}
      onOk={() => void (mode === 'link' ? link() : register())}
      onCancel={onClose}
      destroyOnHidden
    >
      {social ? (
        <>
          <p>{t('register.social.intro')}</p>
          <Tabs
            activeKey={mode}
            onChange={(key) => setMode(key as 'register' | 'link')}
            items={[
              { key: 'register', label: t('register.social.registerTab'), children: registration },
              { key: 'link', label: t('register.social.linkTab'), children: linking },
            ]}
          />
        </>
      ) : (
        registration
      )}
    </Modal>
  );
}
