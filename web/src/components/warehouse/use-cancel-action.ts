import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { postAction } from '../crud/api.ts';
import type { Row, RowAction } from '../crud/types.ts';

/** Stock moved: the stock lists and the notices (a movement may raise one) are read again. */
export function useStockMoved(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['crud', '/warehouse/materials'] });
    void queryClient.invalidateQueries({ queryKey: ['crud', '/warehouse/notice'] });
  }, [queryClient]);
}

/** A document's `cancel?ids=` after a confirm: the label, when it applies and what the confirm says. */
function useCancelCall(
  api: string,
  permission: string,
  numberField: string,
  words: { label: string; confirm: string },
  applies: (row: Row) => boolean,
): RowAction {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const stockMoved = useStockMoved();
  return useMemo(
    () => ({
      label: words.label,
      permission,
      visible: applies,
      onClick: (row, { reload }) =>
        modal.confirm({
          title: t('crud.confirmTitle'),
          content: t(words.confirm, { no: row[numberField] }),
          okText: t('crud.ok'),
          cancelText: t('crud.cancel'),
          onOk: async () => {
            await postAction(`${api}/cancel`, { ids: row.id });
            void message.success(t('crud.done'));
            reload();
            stockMoved();
          },
        }),
    }),
    [api, permission, numberField, words, applies, t, message, modal, stockMoved],
  );
}

const POSTED = (row: Row) => Number(row.status) === 1;
const WAITING = (row: Row) => Number(row.status) === 3;
const CANCEL = { label: 'warehouse.cancelDoc', confirm: 'warehouse.confirmCancel' };
const WITHDRAW = { label: 'warehouse.withdraw', confirm: 'warehouse.confirmWithdraw' };

/**
 * "Cancel" on a posted stock document (refuel, delivery): `cancel?ids=` reverses its movements; the
 * document stays, marked cancelled (then it may be removed).
 */
export const useCancelAction = (api: string, permission: string, numberField: string) =>
  useCancelCall(api, permission, numberField, CANCEL, POSTED);

/** "Withdraw" an outbound request still waiting for approval: the same call; it moved no stock. */
export const useWithdrawAction = (api: string, permission: string, numberField: string) =>
  useCancelCall(api, permission, numberField, WITHDRAW, WAITING);
