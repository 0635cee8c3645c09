import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../app/session.ts';
import { signOut } from '../../app/sign-out.ts';
import { useDocumentTitle } from '../../app/use-document-title.ts';

/** /wel/index: the signed-in landing page (the dashboard's figures arrive with the reports issue). */
export function WelcomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userInfo = useSession((s) => s.userInfo);
  useDocumentTitle('wel.pageTitle');
  return (
    <Result
      status="success"
      title={t('wel.welcome', { name: userInfo.nick_name ?? userInfo.account ?? '' })}
      extra={<Button onClick={() => void signOut(navigate)}>{t('wel.signOut')}</Button>}
    />
  );
}
