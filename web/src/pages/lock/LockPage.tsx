import { LockOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { unlockScreen } from '../../app/lock.ts';
import { useSession } from '../../app/session.ts';
import { signOut } from '../../app/sign-out.ts';
import { useDocumentTitle } from '../../app/use-document-title.ts';

/** /lock: the signed-in user unlocks with the lock password, or signs out. */
export function LockPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const userInfo = useSession((s) => s.userInfo);
  useDocumentTitle('lock.locked');

  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#001529' }}>
      <Card style={{ width: 360 }}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Title level={4}>
            <LockOutlined /> {t('lock.locked')}
          </Typography.Title>
          <Typography.Text>{String(userInfo.nick_name || userInfo.account || '')}</Typography.Text>
          <Form<{ password: string }>
            layout="vertical"
            onFinish={({ password }) => {
              if (unlockScreen(password)) navigate('/');
              else void message.error(t('lock.wrong'));
            }}
          >
            <Form.Item
              name="password"
              label={t('lock.password')}
              rules={[{ required: true, message: t('lock.required') }]}
            >
              <Input.Password autoFocus />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                {t('lock.unlock')}
              </Button>
              <Button onClick={() => void signOut(navigate)}>{t('lock.signOut')}</Button>
            </Space>
          </Form>
        </Space>
      </Card>
    </main>
  );
}
