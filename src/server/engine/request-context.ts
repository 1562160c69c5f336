import type { Lang } from '../../shared/schema/entity-model.js';

/** Who is asking: always taken from the verified token, never from the request body. */
export interface RequestContext {
  tenantId: string;
  userId: string;
  /** First department of the caller ("0" when none). */
  deptId: string;
  lang: Lang;
}
