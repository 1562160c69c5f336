import { useCallback, useEffect, useState } from 'react';
import { isOpen, listJobs, type JobView } from './job-api';

const POLL_MS = 1000;

/** The user's latest jobs from the server (so they are found again after a reload), polled while any is open or the list is shown. */
export function useJobs(shown: boolean) {
  const [jobs, setJobs] = useState<JobView[]>([]);
  const reload = useCallback(async () => {
    try {
      setJobs(await listJobs());
    } catch {
      /* a failed poll keeps the last list */
    }
  }, []);
  const anyOpen = jobs.some(isOpen);
  useEffect(() => {
    void reload();
  }, [reload]);
  useEffect(() => {
    if (!shown && !anyOpen) return undefined;
    const timer = setInterval(() => void reload(), POLL_MS);
    return () => clearInterval(timer);
  }, [shown, anyOpen, reload]);
  return { jobs, reload, anyOpen };
}
