import { useEffect, useState } from 'react';
import { screenClass, type ScreenClass } from './screen-class';

/** The window's screen size class, updated on resize (Saber page/index: setScreen). */
export function useScreen(): ScreenClass {
  const [screen, setScreen] = useState<ScreenClass>(() => screenClass(window.innerWidth));
  useEffect(() => {
    const update = () => setScreen(screenClass(window.innerWidth));
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return screen;
}
