import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/http';
import { downloadFile } from '../../api/download';
import { toast } from '../../ui/toast';
import { reportFailure } from '../../ui/report-failure';
import { downloadTemplate as downloadJobTemplate, getJob, isOpen, startImport, type JobView } from './job-api';

const POLL_MS = 1000;

export interface ImportJobOptions {
  /** The entity imported (`system/user`, `base/region`). */
  model: string;
  /** The template download (the spec's export-template route; absent: the jobs API's template) and its file name. */
  template: { url?: string; fileName: string };
  /** Warned when 确定 is pressed without a workbook. */
  fileRequired: string;
  /** A job wrote rows: the list is reloaded. */
  onImported: () => void;
}

/**
 * An import dialog's controller (用户数据导入, 行政区划数据导入): the chosen workbook and the
 * 数据覆盖 switch; 确定 starts an import job of the entity (a refusal to start is toasted by
 * the API client). The dialog then follows the job (progress, counts, cancel, the workbook
 * of refused rows); closing it leaves the job running, and 任务 finds it again.
 */
export function useImportJob({ model, template, fileRequired, onImported }: ImportJobOptions) {
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
      toast.warning(fileRequired);
      return;
    }
    setStarting(true);
    try {
      setJob(await startImport(model, file, { isCovered: isCovered ? '1' : '0' }));
      setFile(undefined);
    } catch (error) {
      if (!(error instanceof ApiError)) reportFailure(error);
    } finally {
      setStarting(false);
    }
  };

  const downloadTemplate = () => (template.url
    ? downloadFile({ url: template.url, fallbackName: `${template.fileName}.xlsx` })
    : downloadJobTemplate(model, template.fileName)).catch(reportFailure);

  const refresh = () => {
    if (job) void getJob(job.id).then(setJob, () => undefined);
  };

  return { file, pickFile: setFile, isCovered, setCovered, busy: starting || running, job, refresh, submit, downloadTemplate };
}
