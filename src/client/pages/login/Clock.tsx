import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { formatTime } from '../../chrome/error-log/error-log-entry';

/** A live clock (`YYYY-MM-DD HH:mm:ss`, ticking every second). */
export function Clock({ sx }: { sx?: SxProps<Theme> }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Typography component="div" data-testid="clock" sx={sx}>
      {formatTime(now)}
    </Typography>
  );
}
