import { useEffect, useState } from 'react';

export type ScreenClass = 0 | 1 | 2 | 3;

/** Spec §2: the screen size class by width: at least 1200 is 3, 992 is 2, 768 is 1, else 0. */
export function screenClass(width: number): ScreenClass {
  if (width >= 1200) return 3;
  if (width >= 992) return 2;
  if (width >= 768) return 1;
  return 0;
}

/** The current screen size class, following window resizes. */
export function useScreenClass(): ScreenClass {
  const [screen, setScreen] = useState(() => screenClass(window.innerWidth));
  useEffect(() => {
    const onResize = () => setScreen(screenClass(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return screen;
}
