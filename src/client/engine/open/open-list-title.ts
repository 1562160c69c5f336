import type { OpenListRun } from '../../../shared/schema/entity-model';
import type { ResourceRow } from '../data/resource-api';

/** An open action's title for the pressed row: `{field}` replaced by the row's value. */
export function openListTitle(input: { template: string; row: ResourceRow }): string {
  return input.template.replace(/\{([a-zA-Z][a-zA-Z0-9]*)\}/g, (_, name: string) => String(input.row[name] ?? ''));
}

/** The listed entity's fixed values for the pressed row (`fixed`: its field → the row's field). */
export function openListFixed(input: { run: OpenListRun; row: ResourceRow }): Record<string, string> {
  return Object.fromEntries(Object.entries(input.run.fixed).map(([target, from]) => [target, String(input.row[from] ?? '')]));
}
