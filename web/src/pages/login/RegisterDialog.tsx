import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { HttpError, http } from '../../api/http.ts';
import { showError } from '../../app/feedback.ts';
import { website } from '../../config.ts';

interface Registration {
  tenantId: string;
  name: string;
  account: string;
  password: string;
  password2: string;
}

/**
 * The registration dialog: checks run in the spec's order (tenant, account, passwords, match) and
 * the first that fails is said; the server's refusal is shown as it says it, else "Submit failed".
 */
export function RegisterDialog({
  open,
  onClose,
  onWarn,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onWarn: (text: string) => void;
  onDone: (text: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Registration>();

  function firstProblem(v: Partial<Registration>): string | null {
    if (!v.tenantId?.trim()) return t('register.tenantFirst');
    if (!v.account?.trim()) return t('register.accountFirst');
    if (!v.password || !v.password2) return t('register.passwordFirst');
    if (v.password !== v.password2) return t('register.mismatch');
    return null;
  }

  async function submit() {
    const values = form.getFieldsValue();
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
        },
      });
      form.resetFields();
      onDone(t('register.submitted'));
    } catch (error) {
      // the HTTP client has shown the server's message; a failure without one still says so
      if (!(error instanceof HttpError) || error.code === 0) showError(t('register.failed'));
    }
  }

  return (
    <Modal
      title={t('register.title')}
      open={open}
      mask={{ closable: false }}
      okText={t('register.submit')}
      cancelText={t('lock.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} name="register" layout="vertical" initialValues={{ tenantId: website.tenantId }}>
        <Form.Item name="tenantId" label={t('login.tenantId')}>
          <Input />
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
    </Modal>
  );
}
