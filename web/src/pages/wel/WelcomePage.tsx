import { CheckCircleFilled } from '@ant-design/icons';
import { Button, Space, theme } from 'antd';
import type { ReactNode } from 'react';
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
    <SuccessResult
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

/**
 * antd's success Result, drawn with its theme's tokens: antd's Result module holds its 403/404/500
 * pictures, which would be the home page's first load (issue 17: the layout's budget).
 */
function SuccessResult({ title, extra }: { title: ReactNode; extra: ReactNode }) {
  const { token } = theme.useToken();
  const center = { textAlign: 'center' } as const;
  const heading = token.fontSizeHeading3;
  // the icon three headings high, as antd's Result draws it (a size may be a CSS length)
  const iconSize = typeof heading === 'number' ? heading * 3 : `calc(${heading} * 3)`;
  return (
    <div style={{ padding: `${token.paddingLG * 2}px ${token.paddingXL}px` }}>
      <div style={{ ...center, marginBottom: token.paddingLG, color: token.colorSuccess }}>
        <CheckCircleFilled style={{ fontSize: iconSize }} />
      </div>
      <div
        style={{
          ...center,
          color: token.colorTextHeading,
          fontSize: heading,
          lineHeight: token.lineHeightHeading3,
          marginBlock: token.marginXS,
        }}
      >
        {title}
      </div>
      <div style={{ ...center, marginTop: token.paddingLG }}>{extra}</div>
    </div>
  );
}
