import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TopButton } from './TopButton';

/** Fullscreen toggle; follows the browser's own exit (Esc) too. */
export function TopFullscreen() {
  const { t } = useTranslation();
  const [isFull, setFull] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const update = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  const toggle = () => {
    // A refusal (no user gesture, iframe without allowfullscreen) leaves the page as it is.
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  return (
    <TopButton id="top_fullscreen" label={t(isFull ? 'navbar.screenfullF' : 'navbar.screenfull')} onClick={toggle}>
      {isFull ? <FullscreenExitIcon fontSize="small" /> : <FullscreenIcon fontSize="small" />}
    </TopButton>
  );
}
