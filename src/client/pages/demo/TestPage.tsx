import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** /test/index: a demo page flagged keep-alive — what is typed here is still there after visiting another tab. */
export function TestPage() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [count, setCount] = useState(0);
  return (
    <Paper sx={{ p: 3, display: 'grid', gap: 2, maxWidth: 560 }}>
      <Typography variant="h6">{t('demo.testTitle')}</Typography>
      <Typography color="text.secondary">{t('demo.testHint')}</Typography>
      <TextField id="test_input" size="small" label={t('demo.testInput')} value={text} onChange={(e) => setText(e.target.value)} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Button id="test_count" variant="outlined" onClick={() => setCount((n) => n + 1)}>
          {t('demo.testCount')}
        </Button>
        <Typography data-testid="test-count">{count}</Typography>
      </Box>
    </Paper>
  );
}
