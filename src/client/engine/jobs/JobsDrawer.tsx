import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEngineText } from '../common/use-engine-text';
import { localDateTime } from '../form/widgets/date-text';
import type { EngineMessageKey } from '../engine-messages';
import { cancelJob, downloadJobFile, isOpen, type JobView } from './job-api';

const STATE_TEXT: Record<JobView['state'], EngineMessageKey> = {
  queued: 'jobQueued', running: 'jobRunning', done: 'jobDone', failed: 'jobFailed', cancelled: 'jobCancelled',
};

/** One job: what and when, a progress bar with `done / total` (and written/refused counts of an import), its error, 取消任务 and the download. */
export function JobItem({ job, onChanged }: { job: JobView; onChanged: () => void }) {
  const { t } = useEngineText();
  const percent = job.total ? Math.min(100, Math.round((job.done / job.total) * 100)) : 0;
  const counts = `${job.done.toLocaleString()} / ${job.total === null ? '?' : job.total.toLocaleString()}`;
  return (
    <Box data-job-id={job.id} data-job-state={job.state} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Typography variant="subtitle2">
        {job.modelLabel} · {t(job.kind === 'export' ? 'export' : 'import')} · {t(STATE_TEXT[job.state])}
      </Typography>
      <Typography variant="caption" color="text.secondary">{job.fileName} · {localDateTime(job.createTime)}</Typography>
      <LinearProgress variant={job.state === 'queued' ? 'indeterminate' : 'determinate'} value={percent} sx={{ my: 0.5 }} aria-label={counts} />
      <Typography variant="body2" className="job-counts">
        {counts}
        {job.kind === 'import' && ` · ${t('jobWritten')} ${job.written.toLocaleString()} · ${t('jobRefused')} ${job.failed.toLocaleString()}`}
      </Typography>
      {job.error && <Typography variant="body2" color="error">{job.error}</Typography>}
      <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
        {isOpen(job) && (
          <Button size="small" color="warning" className="job-cancel" onClick={() => void cancelJob(job.id).then(onChanged, () => undefined)}>
            {t('jobCancel')}
          </Button>
        )}
        {job.hasFile && (
          <Button size="small" variant="outlined" className="job-download" onClick={() => void downloadJobFile(job).catch(() => undefined)}>
            {t(job.kind === 'import' ? 'jobErrors' : 'jobDownload')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}

/** The user's export and import jobs with progress, cancel and download (kept by the server: a reload finds them). */
export function JobsDrawer({ open, jobs, onClose, onChanged }: { open: boolean; jobs: JobView[]; onClose: () => void; onChanged: () => void }) {
  const { t } = useEngineText();
  return (
    <Drawer anchor="right" open={open} onClose={onClose}>
      <Box id="jobs_drawer" role="region" aria-label={t('jobs')} sx={{ width: 380, p: 2 }}>
        <Typography variant="h6">{t('jobs')}</Typography>
        {jobs.length === 0 && <Typography color="text.secondary">{t('jobNone')}</Typography>}
        {jobs.map((job) => <JobItem key={job.id} job={job} onChanged={onChanged} />)}
      </Box>
    </Drawer>
  );
}
