import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Modal, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Envelope, http } from '../../api/http.ts';
import { RichText } from '../../components/rich-text/RichText.tsx';

export interface TopNotice {
  id: string;
  title: string;
  category: number;
  categoryName: string | null;
  releaseTime: string;
  content: string | null;
}

/** How many of the newest notices the home page shows. */
export const LATEST = 5;

/** The tenant's latest released notices (`GET /api/blade-desk/notice/top`), each opened in place. */
export function LatestNotices() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<TopNotice | null>(null);
  const notices = useQuery({
    queryKey: ['desk', 'notice', 'top'],
    queryFn: () =>
      http<Envelope<{ records: TopNotice[] }>>({
        url: '/blade-desk/notice/top',
        params: { current: 1, size: LATEST },
      }).then((r) => r.data.records),
  }).data;
  const category = (n: TopNotice) => t(`dictionary.notice.${n.category}`, { defaultValue: n.categoryName ?? '' });
  return (
    <Card title={t('wel.notices.title')} loading={!notices}>
      {notices?.length === 0 && <Empty description={t('wel.notices.none')} />}
      <ul className="cw-latest-notices" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {notices?.map((n) => (
          <li key={n.id} style={{ display: 'flex', gap: 8, alignItems: 'center', padding: '6px 0' }}>
            <Tag>{category(n)}</Tag>
            {/* a notice is the tenant's own words, in whatever language they wrote it */}
            <Button type="link" size="small" onClick={() => setOpen(n)} style={{ padding: 0 }}>
              <span translate="no">{n.title}</span>
            </Button>
            <Typography.Text type="secondary" style={{ marginLeft: 'auto' }}>
              {dayjs(n.releaseTime).format('YYYY-MM-DD HH:mm')}
            </Typography.Text>
          </li>
        ))}
      </ul>
      <Modal
        open={open !== null}
        title={<span translate="no">{open?.title}</span>}
        footer={null}
        onCancel={() => setOpen(null)}
        width={720}
      >
        {open && (
          <>
            <Typography.Paragraph type="secondary">
              {category(open)} · {dayjs(open.releaseTime).format('YYYY-MM-DD HH:mm')}
            </Typography.Paragraph>
            <div translate="no">
              <RichText html={open.content ?? ''} />
            </div>
          </>
        )}
      </Modal>
    </Card>
  );
}
