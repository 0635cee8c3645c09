import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postAction } from '../../../components/crud/api.ts';
import { SecretOnceDialog } from '../../../components/crud/SecretOnceDialog.tsx';
import type { Row, RowAction } from '../../../components/crud/types.ts';
import { useConfirmAction } from '../../../components/crud/use-confirm-action.ts';
import { DEVICE_API } from '../../../components/warehouse/fields.tsx';

/** The kiosk page, where a new key is entered once. */
export const KIOSK_PATH = '/warehouse/outWarehouse';

/** Devices a kiosk stands at: the ones whose online state the list shows. */
export const hasKiosk = (row: Row) => row.type === 'kiosk' || row.type === 'cabinet';

/**
 * The device's kiosk key (`device_kiosk_key`): a new one replaces any old one, which stops at once,
 * and is shown this once; revoking ends it. Both ask first, as both stop a kiosk that is in use.
 */
export function useKioskKeyActions(): { actions: RowAction[]; dialog: ReactNode } {
  const { t } = useTranslation();
  const confirm = useConfirmAction();
  const [created, setCreated] = useState<{ device: string; key: string } | null>(null);
  const actions = useMemo<RowAction[]>(() => {
    return [
      {
        label: 'device.kioskKey',
        permission: 'device_kiosk_key',
        visible: hasKiosk,
        onClick: (row) =>
          confirm({
            content: t('device.kioskKeyConfirm', { name: row.name }),
            call: async () => {
              const answer = await postAction(`${DEVICE_API}/kiosk-key`, { id: row.id });
              setCreated({ device: String(row.name), key: String(answer.data) });
            },
            success: false, // the key's dialog says it
          }),
      },
      {
        label: 'device.kioskKeyRevoke',
        permission: 'device_kiosk_key',
        visible: hasKiosk,
        onClick: (row, { reload }) =>
          confirm({
            content: t('device.kioskKeyRevokeConfirm', { name: row.name }),
            call: () => postAction(`${DEVICE_API}/kiosk-key/revoke`, { id: row.id }),
            success: t('crud.done'),
            after: reload,
          }),
      },
    ];
  }, [t, confirm]);
  const dialog = (
    <SecretOnceDialog
      secret={created?.key ?? null}
      title={t('device.kioskKeyTitle', { name: created?.device })}
      onClose={() => setCreated(null)}
    >
      <p>{t('device.kioskKeyOnce', { url: `${window.location.origin}${KIOSK_PATH}` })}</p>
    </SecretOnceDialog>
  );
  return { actions, dialog };
}
