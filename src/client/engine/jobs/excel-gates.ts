import type { EntityModel, Lang } from '../../../shared/schema/entity-model';
import { usePermissions } from '../../session/use-permissions';
import { holdsOneRole, useRoleAliases } from '../common/role-aliases';

export interface ExcelGates {
  /** `x-export`'s permission and roles hold (true without an object x-export). */
  mayExport: boolean;
  /** `x-import`'s dialog permission and roles hold (true without them). */
  mayImport: boolean;
  /** `x-export.confirm` in the current language. */
  exportConfirm?: string;
}

/** Who may use the list's 导出 and 导入 by the schema's x-export / x-import objects, and the question 导出 asks. */
export function useExcelGates(model: EntityModel, lang: Lang): ExcelGates {
  const flags = usePermissions();
  const roles = useRoleAliases();
  const gate = model.excel.exportGate;
  const dialog = model.excel.importDialog;
  const allowed = (rule: { permission?: string; roles: string[] } | undefined) =>
    !rule || ((rule.permission === undefined || flags[rule.permission] === true) && holdsOneRole(roles, rule.roles));
  return { mayExport: allowed(gate), mayImport: allowed(dialog), exportConfirm: gate?.confirm?.[lang] };
}

/** x-import's dialog names who may import (a permission or roles): then the add button is not also needed. */
export function hasImportRule(model: EntityModel): boolean {
  const dialog = model.excel.importDialog;
  return dialog !== undefined && (dialog.permission !== undefined || dialog.roles.length > 0);
}
