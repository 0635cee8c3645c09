import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** One kiosk screen's frame: a large icon, the title, a hint, then its actions, centred. */
export function Panel({
  icon,
  title,
  hint,
  role,
  children,
}: {
  icon?: ReactNode;
  title: ReactNode;
  hint?: ReactNode;
  /** `alert` for failures, so assistive technology reads them out. */
  role?: 'alert';
  children?: ReactNode;
}) {
  return (
    <Flex vertical align="center" justify="center" gap={24} style={{ minHeight: '100%', textAlign: 'center' }}>
      {icon && <div style={{ fontSize: 96, lineHeight: 1 }}>{icon}</div>}
      <div role={role}>
        <Typography.Title level={1} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {hint && (
          <Typography.Paragraph type="secondary" style={{ fontSize: 24, margin: '16px 0 0', maxWidth: 800 }}>
            {hint}
          </Typography.Paragraph>
        )}
      </div>
      {children && (
        <Flex gap={24} wrap justify="center">
          {children}
        </Flex>
      )}
    </Flex>
  );
}
