import { AppError, ErrorCodes } from '../../shared/errors.js';
import type { EntityModel } from '../../shared/schema/entity-model.js';
import type { DriftItem } from './drift.js';

/* SQLSTATEs a query gets when its table no longer has the columns the schema describes:
   data exceptions (22…: bad text for the type, value too long, out of range), not-null
   violations, an undefined table or column, a datatype mismatch. */
const DRIFT_STATES = /^(22...|23502|42703|42804|42P01)$/;

const COLUMN_KINDS = new Set<DriftItem['kind']>(['table-missing', 'column-missing', 'type', 'length', 'nullability', 'column-extra']);

/** The drift of the model's table that can make a read or write fail. */
export function columnDriftOf(model: EntityModel, drift: readonly DriftItem[]): DriftItem[] {
  return drift.filter((d) => d.table === model.table && !model.datasource && COLUMN_KINDS.has(d.kind));
}

const detail = (d: DriftItem) => `${d.field ?? d.column ?? d.table}: ${d.actual ?? '—'} → ${d.expected ?? '—'}`;

/**
 * A failed query on a drifted table becomes a message naming the schema file, the fields
 * and the command that fixes it, instead of 服务器异常. Other errors pass through.
 */
export function driftErrorFor(error: unknown, model: EntityModel, drift: readonly DriftItem[]): unknown {
  const state = (error as { code?: unknown }).code;
  if (typeof state !== 'string' || !DRIFT_STATES.test(state)) return error;
  const items = columnDriftOf(model, drift);
  if (items.length === 0) return error;
  const params = { table: model.table, source: model.source, detail: items.map(detail).join(', '), command: 'npm run db:migrate -- --plan' };
  return new AppError('schema.drift', params, 500, { code: ErrorCodes.SCHEMA_DRIFT });
}
