import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { siteConfig } from '../../site-config';

export type ErrorCode = 404 | 403 | 500;

const messageKeys: Record<ErrorCode, string> = {
  404: 'error.notFound',
  403: 'error.forbidden',
  500: 'error.serverError',
};

export interface ErrorPageProps {
  code: ErrorCode;
  /** Shown inside the layout rather than as a whole screen. */
  embedded?: boolean;
}

/** The 404, 403 and 500 pages. */
export function ErrorPage({ code, embedded = false }: ErrorPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Box
      data-testid={`error-${code}`}
      sx={{
        minHeight: embedded ? 360 : '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        textAlign: 'center',
        p: 3,
      }}
    >
      <Typography variant="h1" color="primary" sx={{ fontWeight: 700, fontSize: { xs: 72, sm: 110 } }}>
        {code}
      </Typography>
      <Typography variant="h6" color="text.secondary">
        {t(messageKeys[code])}
      </Typography>
      <Button variant="contained" onClick={() => navigate(siteConfig.firstPage.value)}>
        {t('error.backHome')}
      </Button>
    </Box>
  );
}
