import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Enters or leaves the browser's full screen. */
export function FullscreenButton() {
  const { t } = useTranslation();
  const [full, setFull] = useState(Boolean(document.fullscreenElement));
  useEffect(() => {
    const onChange = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  return (
    <Button
      type="text"
      aria-label={full ? t('appearance.exitFullscreen') : t('appearance.fullscreen')}
      icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      onClick={() =>
        (full ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => undefined)
      }
    />
  );
}
