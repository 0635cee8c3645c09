import { BellOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The notice bell: leads to the warehouse notices (its untreated count arrives with the warehouse module). */
export function NoticeBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button
      type="text"
      aria-label={t('navbar.notice')}
      icon={<BellOutlined />}
      onClick={() => navigate('/warehouse/notice')}
    />
  );
}
