import { createContext, useContext } from 'react';
import type { EntityModel } from '../../shared/schema/entity-model';

/** Every entity model the server serves, for the engine's lists of other entities (x-actions run kind open, x-screen). */
export const EntityModelsContext = createContext<readonly EntityModel[]>([]);

/** The served entity of this key; undefined while the models load or when the server does not serve it. */
export function useEntityModel(key: string | undefined): EntityModel | undefined {
  const models = useContext(EntityModelsContext);
  return key === undefined ? undefined : models.find((model) => model.key === key);
}

/**
 * The model a menu screen draws: its own, or with `x-screen` the other entity seen through the
 * named view, whose only row buttons are the screen's (nothing of that entity's own x-actions).
 */
export function screenModel(model: EntityModel, models: readonly EntityModel[]): EntityModel | undefined {
  const screen = model.screen;
  if (!screen) return model;
  const other = models.find((m) => m.key === screen.entity);
  const view = other?.views?.[screen.view];
  return other && view ? { ...other, list: view, actions: screen.actions } : undefined;
}
