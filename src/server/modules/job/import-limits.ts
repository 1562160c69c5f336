import type { AppServices } from '../../app-services.js';
import { readLimits, type ReadLimits } from '../../excel/workbook-limits.js';
import { readParam } from '../../system-param.js';

/** The workbook limits of every import (job or synchronous), with the operator's `import.maxRows` from the system params. */
export function importLimits(services: AppServices): Promise<ReadLimits> {
  return readLimits((key) => readParam(services, key));
}
