import { AppError } from '../../../shared/errors.js';
import type { AppServices } from '../../app-services.js';
import type { ResourceHooks } from '../../engine/resource-hooks.js';
import { CUSTOM_SCOPE_TYPE, customScopeProblem } from './custom-scope.js';

/** Columns of the entity a resource code scopes (its button prefix), when one does. */
function columnsOf(services: AppServices, resource: string): Set<string> | undefined {
  const model = services.models.find((m) => m.permission === resource);
  return model && new Set(model.fields.filter((f) => !f.secret).map((f) => f.column));
}

/** Data scope writes: a custom rule must be declarative, never SQL (checked on the stored result). */
export function dataScopeRules(services: AppServices): ResourceHooks {
  return {
    async beforeWrite({ values, existing }) {
      const merged = { ...existing, ...values };
      if (Number(merged.scopeType) !== CUSTOM_SCOPE_TYPE) return;
      const resource = String(merged.resourceCode ?? '');
      const problem = customScopeProblem(merged.scopeValue, { resource, columns: columnsOf(services, resource) });
      if (problem) throw new AppError(problem, undefined, 400, { field: 'scopeValue' });
    },
  };
}
