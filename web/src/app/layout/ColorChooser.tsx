import { ColorPicker } from 'antd';
import { useState } from 'react';
import { useAppearance } from '../appearance.ts';
import { ColorButton } from './ColorButton.tsx';

/**
 * antd's colour picker around the colour button, loaded when the button is first pressed (its
 * slider and inputs are not the layout's first load, issue 17): it opens at once, on the button.
 */
export default function ColorChooser() {
  const { color, setColor } = useAppearance();
  const [open, setOpen] = useState(true);
  return (
    <ColorPicker
      open={open}
      onOpenChange={setOpen}
      value={color}
      onChangeComplete={(value) => setColor(value.toHexString())}
    >
      <ColorButton autoFocus />
    </ColorPicker>
  );
}
