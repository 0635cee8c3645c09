import { Modal, Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * A secret the server answers once (a client secret, a kiosk key): shown with a copy button until
 * the reader closes it, never by a click outside, and never again.
 */
export function SecretOnceDialog({
  secret,
  title,
  children,
  onClose,
}: {
  /** The secret to show; null closes the dialog. */
  secret: string | null;
  title: ReactNode;
  /** What to do with it (copy it now, where to enter it). */
  children: ReactNode;
  onClose: () => void;
}) {
  return (
    <Modal
      open={secret !== null}
      title={title}
      onOk={onClose}
      onCancel={onClose}
      footer={(_, { OkBtn }) => <OkBtn />}
      mask={{ closable: false }}
    >
      {children}
      <Typography.Paragraph>
        <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
          {secret}
        </Typography.Text>
      </Typography.Paragraph>
    </Modal>
  );
}
