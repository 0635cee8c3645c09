import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { postAction } from '../crud/api.ts';
import type { RowAction } from '../crud/types.ts';

/** Stock moved: the stock lists and the notices (a movement may raise one) are read again. */
export function useStockMoved(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['crud', '/warehouse/materials'] });
    void queryClient.invalidateQueries({ queryKey: ['crud', '/warehouse/notice'] });
  }, [queryClient]);
}

/**
 * "Cancel" on a stock document (refuel, delivery) not yet cancelled: after a confirm, `cancel?ids=`
 * reverses its movements; the document stays, marked cancelled (then it may be removed).
 */
export function useCancelAction(api: string, permission: string, numberField: string): RowAction {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const stockMoved = useStockMoved();
  return useMemo(
    () => ({
      label: 'warehouse.cancelDoc',
      permission,
      visible: (row) => Number(row.status) !== 2,
      onClick: (row, { reload }) =>
        modal.confirm({
          title: t('crud.confirmTitle'),
          content: t('warehouse.confirmCancel', { no: row[numberField] }),
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
    [api, permission, numberField, t, message, modal, stockMoved],
  );
}
