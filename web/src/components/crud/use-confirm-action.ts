import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmedAction {
  /** The question, translated. */
  content: string;
  /** The dialog's title, translated (提示 by default). */
  title?: string;
  /** A red OK button, for what cannot be taken back. */
  danger?: boolean;
  /** The server call. */
  call: () => Promise<{ msg?: string } | unknown>;
  /**
   * What to say once it succeeded: a translated text, or false for nothing (the caller shows the
   * answer itself); by default the server's own message (挂起ID为 [x] 的流程成功), else 操作成功.
   */
  success?: string | false;
  /** Runs after the call, whether it succeeded or not (a reload of the list). */
  after?: () => void;
}

/**
 * Asks, then acts: the one shape of the screens' confirmed actions (enable a configuration, reset
 * passwords, force a logout…). A refusal closes the question too: the HTTP client has already shown
 * the server's message.
 */
export function useConfirmAction(): (action: ConfirmedAction) => void {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  return useCallback(
    ({ content, title, danger, call, success, after }: ConfirmedAction) =>
      void modal.confirm({
        title: title ?? t('crud.confirmTitle'),
        content,
        okText: t('crud.ok'),
        cancelText: t('crud.cancel'),
        okButtonProps: danger ? { danger: true } : undefined,
        onOk: () =>
          call()
            .then((answer) => {
              if (success === false) return;
              const said = (answer as { msg?: string } | undefined)?.msg;
              void message.success(success ?? (said || t('crud.done')));
            })
            .catch(() => undefined) // the client has shown why
            .finally(after),
      }),
    [t, message, modal],
  );
}
