import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Envelope, http } from '../../api/http.ts';

export type Figures = Record<string, number | string | null>;

// The figures shown, in order; a value is a whole count unless it is money.
const FIGURES: [key: string, money?: true][] = [
  ['stockValue', true],
  ['belowSafetyStock'],
  ['todayInQuantity'],
  ['todayOutQuantity'],
  ['untreatedNotices'],
];

/** The warehouse's key figures as cards (the home page's, and the dashboard's); `undefined` while loading. */
export function KeyFigureCards({ figures }: { figures: Figures | undefined }) {
  const { t } = useTranslation();
  return (
    <Row gutter={[16, 16]}>
      {FIGURES.map(([key, money]) => (
        <Col key={key} xs={24} sm={12} lg={8} xl={4}>
          <Card loading={!figures}>
            <Statistic
              title={t(`wel.figure.${key}`)}
              value={Number(figures?.[key] ?? 0)}
              precision={money ? 2 : undefined}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** The tenant's key figures (`GET /api/warehouse/report/keyFigures`). */
export function KeyFigures() {
  const figures = useQuery({
    queryKey: ['report', 'keyFigures'],
    queryFn: () => http<Envelope<Figures>>({ url: '/warehouse/report/keyFigures' }).then((r) => r.data),
  }).data;
  return <KeyFigureCards figures={figures} />;
}
