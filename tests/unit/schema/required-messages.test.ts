import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../../../src/server/schema/load-schemas.js';
import { messageFor } from '../../../src/shared/schema/validation-messages.js';
import type { EntityModel } from '../../../src/shared/schema/entity-model.js';
import { projectPath } from '../../support/paths.js';

const models = loadSchemas(projectPath('schemas'));

/** Every field a record can be refused for missing: `required` and the `allOf` branches. */
function requirableFields(model: EntityModel): string[] {
  const rules = (model.recordSchema.allOf ?? []) as { then?: { required?: string[] }; else?: { required?: string[] } }[];
  const conditional = rules.flatMap((r) => [...(r.then?.required ?? []), ...(r.else?.required ?? [])]);
  const confirms = model.fields.flatMap((f) => (f.confirm ? [f.confirm.field] : []));
  return [...new Set([...model.required, ...conditional, ...confirms])];
}

describe('the message for a missing required field', () => {
  it('stays what every schema answered before the defaults were derived from the label', () => {
    const answers: Record<string, string> = {};
    for (const model of models) {
      for (const field of requirableFields(model)) {
        for (const lang of ['zh', 'en'] as const) {
          answers[`${model.key}.${field}.${lang}`] = messageFor(model, { keyword: 'required', field, params: {} }, lang);
        }
      }
    }
    expect(answers).toMatchSnapshot();
  });
});
