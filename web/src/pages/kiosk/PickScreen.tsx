import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Typography, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isEmptyAnswer } from '../../api/wire.ts';
import { plainQuantity } from '../../components/warehouse/decimal.ts';
import type { AllowedMaterial } from './kiosk-api.ts';
import type { Session } from './kiosk-flow.ts';
import { linesOf, type Picks, quantityProblem, step } from './quantities.ts';

/** The person's allowed materials with their stock and what their warrants leave; quantities by steppers. */
export function PickScreen({
  session,
  onConfirm,
  onCancel,
}: {
  session: Session;
  onConfirm: (lines: { materialCodeId: string; quantity: string }[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [picks, setPicks] = useState<Picks>({});
  const lines = linesOf(picks, session.items);
  return (
    <Flex vertical gap={16} style={{ height: '100%' }}>
      <Flex justify="space-between" align="baseline" wrap gap={16}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('kiosk.pick.hello')}
          <span translate="no">{session.person.name}</span>
        </Typography.Title>
        <TimeLeft expiresAt={session.expiresAt} />
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 20 }}>
        {t('kiosk.pick.hint')}
      </Typography.Text>
      <Flex vertical gap={12} style={{ flex: '1 1 0', minHeight: 0, overflowY: 'auto' }}>
        {session.items.map((item) => (
          <MaterialRow
            key={item.materialCodeId}
            item={item}
            value={picks[item.materialCodeId]}
            onChange={(value) => setPicks((p) => ({ ...p, [item.materialCodeId]: value }))}
          />
        ))}
      </Flex>
      <Flex justify="space-between" align="center" wrap gap={16}>
        <Typography.Text style={{ fontSize: 22 }}>
          {t('kiosk.pick.chosen', { count: lines?.length ?? 0 })}
        </Typography.Text>
        <Flex gap={24}>
          <Button size="large" onClick={onCancel}>
            {t('kiosk.cancel')}
          </Button>
          <Button type="primary" size="large" disabled={!lines?.length} onClick={() => lines && onConfirm(lines)}>
            {t('kiosk.pick.confirm')}
          </Button>
        </Flex>
      </Flex>
    </Flex>
  );
}

function MaterialRow({
  item,
  value,
  onChange,
}: {
  item: AllowedMaterial;
  value: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const problem = quantityProblem(value, item.available);
  const name = item.materialName;
  const limit = (left: string | null) => (isEmptyAnswer(left) ? t('kiosk.pick.noLimit') : plainQuantity(left));
  return (
    <Flex
      align="center"
      justify="space-between"
      wrap
      gap={16}
      data-testid="kiosk-material"
      style={{ padding: 16, borderRadius: 12, border: `1px solid ${token.colorBorderSecondary}` }}
    >
      <div style={{ minWidth: 0, flex: '1 1 320px' }}>
        <Typography.Text strong style={{ fontSize: 24 }} translate="no">
          {name}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ marginLeft: 12 }} translate="no">
          {[item.materialCode, item.specification].filter(Boolean).join(' · ')}
        </Typography.Text>
        <div style={{ fontSize: 18, color: token.colorTextSecondary }}>
          {t('kiosk.pick.stock')} {plainQuantity(item.quantity)} <span translate="no">{item.unitName}</span> ·{' '}
          {t('kiosk.pick.today')} {limit(item.remainingToday)} · {t('kiosk.pick.month')}{' '}
          {limit(item.remainingThisMonth)}
        </div>
      </div>
      <div>
        <Flex gap={8} align="center">
          <Button
            size="large"
            icon={<MinusOutlined />}
            aria-label={`${t('kiosk.pick.less')} ${name}`}
            onClick={() => onChange(step(value, -1, item.available))}
          />
          <Input
            size="large"
            inputMode="decimal"
            aria-label={t('kiosk.pick.quantity', { name })}
            value={value ?? ''}
            status={problem ? 'error' : undefined}
            onChange={(event) => onChange(event.target.value)}
            style={{ width: 120, textAlign: 'center', fontSize: 24 }}
          />
          <Button
            size="large"
            icon={<PlusOutlined />}
            aria-label={`${t('kiosk.pick.more')} ${name}`}
            onClick={() => onChange(step(value, 1, item.available))}
          />
        </Flex>
        {problem && (
          <Typography.Text type="danger" style={{ display: 'block', textAlign: 'center' }}>
            {t(problem, { available: plainQuantity(item.available) })}
          </Typography.Text>
        )}
      </div>
    </Flex>
  );
}

/** Minutes and seconds until the ticket ends. */
function TimeLeft({ expiresAt }: { expiresAt: number }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.ceil((expiresAt - now) / 1000));
  const time = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return <Typography.Text style={{ fontSize: 22 }}>{t('kiosk.pick.timeLeft', { time })}</Typography.Text>;
}
