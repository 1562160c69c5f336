import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http';
import { getJob, isOpen, startImport, type JobView } from '../../../engine/jobs/job-api';
import { toast } from '../../../ui/toast';
import { reportFailure } from '../../../ui/report-failure';
import { downloadFile } from '../../shared/download';
import { EXPORT_TEMPLATE_URL } from './user-api';

const USER_MODEL = 'system/user';
const POLL_MS = 1000;

/**
 * The import dialog's controller: the chosen workbook and the overwrite switch; 确定
 * starts an import job of the users (a refusal to start is toasted by the API client).
 * The dialog then follows the job (progress, counts, cancel, the workbook of refused rows);
 * closing it leaves the job running, and 任务 finds it again. `onImported` reloads the list
 * once a job has written rows.
 */
export function useUserImport(onImported: () => void) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File>();
  const [isCovered, setCovered] = useState(false);
  const [starting, setStarting] = useState(false);
  const [job, setJob] = useState<JobView>();

  const imported = useRef(onImported);
  imported.current = onImported;
  const running = job !== undefined && isOpen(job);
  useEffect(() => {
    if (!job || !running) return undefined;
    const timer = setInterval(() => {
      getJob(job.id).then((next) => {
        setJob(next);
        if (!isOpen(next) && next.written > 0) imported.current();
      }, () => undefined);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [job?.id, running]);

  const submit = async () => {
    if (!file) {
      toast.warning(t('pages.user.fileRequired'));
      return;
    }
    setStarting(true);
    try {
      setJob(await startImport(USER_MODEL, file, { isCovered: isCovered ? '1' : '0' }));
      setFile(undefined);
    } catch (error) {
      if (!(error instanceof ApiError)) reportFailure(error);
    } finally {
      setStarting(false);
    }
  };

  const downloadTemplate = () =>
    downloadFile({ url: EXPORT_TEMPLATE_URL, fallbackName: `${t('pages.user.templateFile')}.xlsx` }).catch(reportFailure);

  const refresh = () => {
    if (job) void getJob(job.id).then(setJob, () => undefined);
  };

  return { file, pickFile: setFile, isCovered, setCovered, busy: starting || running, job, refresh, submit, downloadTemplate };
}
