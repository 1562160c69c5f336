import type { AppServices } from '../../app-services.js';
import { systemParamReader } from '../../engine/system-params.js';
import { readLimits, type ReadLimits } from '../../excel/workbook-limits.js';

/** The workbook limits of every import (job or synchronous), with the operator's `import.maxRows` read from the system params. */
export function importLimits(services: AppServices): Promise<ReadLimits> {
  const read = systemParamReader(services.models.find((m) => m.key === 'system/param'));
  return readLimits((key) => read(services.system.repo, key));
}
