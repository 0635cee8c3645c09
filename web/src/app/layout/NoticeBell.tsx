import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getData } from '../../components/crud/api.ts';
import { menuLeaves } from '../menu.ts';
import { useMenu } from '../menu-store.ts';
import { queryClient } from '../query-client.ts';

const NOTICES = '/warehouse/notice';
const REFRESH_MS = 60_000;

/**
 * The notice bell: leads to the warehouse notices, with the count of untreated ones when the user's
 * menu holds that screen (others may not read it, and get no error). The count is read every minute
 * and under the notice list's cache key, so whatever reloads that list (treating, removing) counts again.
 */
export function NoticeBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const holdsNotices = useMenu((s) => menuLeaves(s.menuAll).some((l) => l.path === NOTICES));
  // The app's one cache, named: the top bar is drawn outside any screen's provider in some tests.
  const { data: count } = useQuery(
    {
      queryKey: ['crud', NOTICES, 'untreated'],
      queryFn: () => getData<number>(`${NOTICES}/untreated`),
      enabled: holdsNotices,
      refetchInterval: REFRESH_MS,
    },
    queryClient,
  );
  return (
    <Badge count={holdsNotices ? count : 0} size="small" offset={[-4, 4]}>
      <Button type="text" aria-label={t('navbar.notice')} icon={<BellOutlined />} onClick={() => navigate(NOTICES)} />
    </Badge>
  );
}
