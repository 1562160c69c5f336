import { describe, expect, it } from 'vitest';
import { findModelByRoute } from '../../../src/client/routes/find-model';
import type { EntityModel } from '../../../src/shared/schema/entity-model';

const model = (key: string, path?: string) => ({ key, menu: path ? { path, code: key, sort: 1 } : undefined }) as EntityModel;

describe('findModelByRoute', () => {
  const models = [model('system/param', '/system/param'), model('system/other')];

  it('binds <menu path>/index to the model with that menu path', () => {
    expect(findModelByRoute(models, '/system/param/index')?.key).toBe('system/param');
  });

  it('answers nothing for paths without /index or without a model', () => {
    expect(findModelByRoute(models, '/system/param')).toBeUndefined();
    expect(findModelByRoute(models, '/system/user/index')).toBeUndefined();
  });
});
