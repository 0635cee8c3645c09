import { useCallback, useEffect, useState } from 'react';
import { fetchCaptcha } from '../../api/auth.ts';

/**
 * The captcha of captcha mode: the server's image and the key its answer waits under. Each answer
 * is good once, so the page reloads it after every failed sign-in.
 */
export function useCaptcha(enabled: boolean) {
  const [captcha, setCaptcha] = useState({ key: '', image: '' });
  const reload = useCallback(() => {
    if (enabled) fetchCaptcha().then(setCaptcha, () => undefined);
  }, [enabled]);
  useEffect(reload, [reload]);
  return { ...captcha, reload };
}
