import { useQuery } from '@tanstack/react-query';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Envelope, http } from '../../api/http.ts';
import { RichText } from '../../components/rich-text/RichText.tsx';
import './latest-notices.css';

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

const pad = (n: number) => String(n).padStart(2, '0');
/** The release time in local time, as the notice screen shows it (to the minute). */
const released = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

// Drawn with what the layout and the home page already load (a card, buttons): the first load's budget
// (issue 17) holds them, and a dialog or tags of its own would add antd modules to it.
/** The tenant's latest released notices (`GET /api/blade-desk/notice/top`), each opened in place. */
export default function LatestNotices() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
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
      {notices?.length === 0 && <p className="cw-notices-none">{t('wel.notices.none')}</p>}
      <ul className="cw-notices">
        {notices?.map((n) => (
          <li key={n.id}>
            <div className="cw-notice-line">
              <span className="cw-notice-category">{category(n)}</span>
              {/* a notice is the tenant's own words, in whatever language they wrote it */}
              <Button
                type="link"
                size="small"
                aria-expanded={open === n.id}
                aria-controls={`notice-${n.id}`}
                onClick={() => setOpen(open === n.id ? null : n.id)}
              >
                <span translate="no">{n.title}</span>
              </Button>
              <span className="cw-notice-time">{released(n.releaseTime)}</span>
            </div>
            {open === n.id && (
              <section id={`notice-${n.id}`} className="cw-notice-content" translate="no" aria-label={n.title}>
                <RichText html={n.content ?? ''} />
              </section>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
