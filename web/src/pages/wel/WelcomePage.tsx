import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMenu } from '../../app/menu-store.ts';
import { useSession } from '../../app/session.ts';
import { signOut } from '../../app/sign-out.ts';
import { useDocumentTitle } from '../../app/use-document-title.ts';
import { KeyFigures } from './KeyFigures.tsx';
import { showsKeyFigures } from './key-figures.ts';
import LatestNotices from './LatestNotices.tsx';

/**
 * /wel/index: the signed-in landing page: the tenant's latest notices for everyone, and its key
 * figures for who may read the reports.
 */
export function WelcomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userInfo = useSession((s) => s.userInfo);
  const figures = useMenu((s) => showsKeyFigures(s.menuAll, s.permissions));
  useDocumentTitle('wel.pageTitle');
  // the person's name is theirs in every language (translate="no"), the words around it are translated
  const [before, after] = t('wel.welcome', { name: '\u0000' }).split('\u0000');
  const welcome = (
    <Result
      status="success"
      title={
        <>
          {before}
          <span translate="no">{String(userInfo.nick_name ?? userInfo.account ?? '')}</span>
          {after}
        </>
      }
      extra={<Button onClick={() => void signOut(navigate)}>{t('wel.signOut')}</Button>}
    />
  );
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      {figures && <KeyFigures />}
      <LatestNotices />
      {welcome}
    </Space>
  );
}
