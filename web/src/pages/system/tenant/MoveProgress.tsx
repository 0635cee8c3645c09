import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getData } from '../../../components/crud/api.ts';

/** A tenant's move between databases as `GET tenant/datasource-move` answers it. */
interface Move {
  from: string;
  to: string;
  step: 'fence' | 'copy' | 'verify' | 'switch' | 'cleanup' | 'done' | 'failed';
  table: string;
  rowsDone: number;
  rowsTotal: number;
  message: string;
}

const POLL_MS = 500;
const ended = (move: Move | null | undefined) => move?.step === 'done' || move?.step === 'failed';

/**
 * The move of a tenant's data to the datasource it was just bound to: a bar of the rows copied, the
 * step and the table, then the outcome (done, or failed with the server's reason, in the user's
 * language). Read every half second from the shared store, so any instance may answer.
 */
export function MoveProgress({ tenantId, onClose }: { tenantId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: move } = useQuery({
    queryKey: ['tenant-move', tenantId],
    queryFn: () => getData<Move | null>('/blade-system/tenant/datasource-move', { tenantId }),
    refetchInterval: (query) => (ended(query.state.data) ? false : POLL_MS),
    gcTime: 0,
  });
  const percent = move?.rowsTotal ? Math.floor((move.rowsDone / move.rowsTotal) * 100) : 0;
  const where = (name: string | undefined) => name || t('tenant.move.mainDatabase');
  return (
    <Modal
      open
      title={t('tenant.move.title')}
      closable={false}
      mask={{ closable: false }}
      footer={
        <Button type="primary" disabled={!ended(move)} onClick={onClose}>
          {t('tenant.move.close')}
        </Button>
      }
    >
      {move && (
        <Typography.Paragraph>
          {t('tenant.move.route', { from: where(move.from), to: where(move.to) })}
        </Typography.Paragraph>
      )}
      <Progress
        percent={move?.step === 'done' ? 100 : percent}
        status={move?.step === 'failed' ? 'exception' : move?.step === 'done' ? 'success' : 'active'}
        aria-label={t('tenant.move.title')}
      />
      {move && !ended(move) && (
        <Typography.Text data-testid="move-step">
          {t(`tenant.move.step.${move.step}`)}
          {move.table ? ` · ${move.table}` : ''}
          {move.rowsTotal ? ` · ${t('tenant.move.rows', { done: move.rowsDone, total: move.rowsTotal })}` : ''}
        </Typography.Text>
      )}
      {move?.step === 'done' && (
        <Alert
          type={move.message ? 'warning' : 'success'}
          title={t('tenant.move.done')}
          description={move.message || undefined}
        />
      )}
      {move?.step === 'failed' && <Alert type="error" title={t('tenant.move.failed')} description={move.message} />}
    </Modal>
  );
}
