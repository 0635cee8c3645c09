import { App, Modal } from 'antd';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** Already translated (it may carry a record's name). */
  title: string;
  width?: number;
  /** The OK button waits for what the dialog needs (its tree, its detail). */
  disabled?: boolean;
  /** Only looking (a record's view): no OK button, only one that closes, and nothing is ever saved. */
  readOnly?: boolean;
  /** The message key said when the work succeeds (新增成功, 修改成功); default 操作成功. */
  done?: string;
  bodyStyle?: CSSProperties;
  /**
   * Does the dialog's work. Answers false to stay open without a word (a warning was shown); a
   * rejection keeps it open too, the HTTP client or the form having said why.
   */
  onSave(): Promise<unknown>;
  onClose(): void;
  children: ReactNode;
}

/**
 * The frame of every dialog that acts (save a record, a grant, a setting): not closed by a click
 * outside (spec §2), OK busy while saving, "done" said and the dialog closed when the work succeeds.
 */
export function ActionModal({
  title,
  width,
  disabled,
  readOnly,
  done = 'crud.done',
  bodyStyle,
  onSave,
  onClose,
  children,
}: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);

  const ok = async () => {
    if (readOnly) return onClose();
    setSaving(true);
    try {
      if ((await onSave()) === false) return;
      void message.success(t(done));
      onClose();
    } catch {
      // the form shows its problems; the HTTP client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={title}
      width={width}
      mask={{ closable: false }}
      okText={t('crud.submit')}
      cancelText={t('crud.cancel')}
      okButtonProps={{ loading: saving, disabled }}
      // antd renders (and runs) an OK button it was asked to hide: a view has only the closing one
      footer={readOnly ? (_buttons, { CancelBtn }) => <CancelBtn /> : undefined}
      onOk={() => void ok()}
      onCancel={onClose}
      destroyOnHidden
      styles={bodyStyle ? { body: bodyStyle } : undefined}
    >
      {children}
    </Modal>
  );
}
