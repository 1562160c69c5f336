import { parseDateText } from '../../../engine/form/widgets/date-text';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Days of a leave from its start and end ('YYYY-MM-DD HH:mm:ss'): every started day
 * counts (9:00 to 18:00 is one day, two full days are two); undefined while either is
 * missing or the end is not after the start.
 */
export function leaveDays(startTime: string, endTime: string): number | undefined {
  const start = parseDateText(startTime);
  const end = parseDateText(endTime);
  if (!start || !end || !end.isAfter(start)) return undefined;
  return Math.ceil(end.diff(start) / DAY_MS);
}
