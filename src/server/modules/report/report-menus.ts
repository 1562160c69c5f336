import type { MenuSeed } from '../../seed/data/menu-seed.js';
import { reportSpecs } from './report-definitions.js';

import { reportMenuPath } from '../../../shared/report-names.js';

/** Menu code of a report: reading the report needs it in the caller's grant. */
export const reportMenuCode = (name: string) => `report_${name}`;

/** One menu row per report under 报表管理. */
export const reportMenuSeed: MenuSeed[] = reportSpecs.map((spec) => ({
  code: reportMenuCode(spec.name), name: spec.label.zh, path: reportMenuPath(spec.name),
  source: 'iconfont iconicon_doc', sort: spec.sort, parent: 'report',
}));
