import { Button, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppearance } from '../appearance.ts';

/** The colour picker's trigger: a labelled button showing the colour (antd's own is a div that cannot carry a label). */
export function ColorButton(props: ButtonProps) {
  const { t } = useTranslation();
  const color = useAppearance((s) => s.color);
  return (
    <Button
      size="small"
      aria-label={t('appearance.color')}
      icon={<span style={{ display: 'inline-block', width: 14, height: 14, borderRadius: 2, background: color }} />}
      {...props}
    />
  );
}
