import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../../../src/server/schema/load-schemas.js';
import { projectPath } from '../../support/paths.js';

/** English buttons read as the engine's own (Add, Delete, Export): a schema action's English label starts with a capital. */
describe('schema actions in English', () => {
  it('start with a capital letter, as the engine buttons beside them (Reset password, Unlock, Approve)', () => {
    const lowerCase = loadSchemas(projectPath('schemas')).flatMap((model) =>
      model.actions.filter((action) => /^\p{Ll}/u.test(action.label.en ?? '')).map((action) => `${model.key} ${action.key}: ${action.label.en}`));
    expect(lowerCase).toEqual([]);
  });
});
