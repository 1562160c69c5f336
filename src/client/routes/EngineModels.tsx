import type { ReactNode } from 'react';
import { EntityModelsContext } from '../engine/entity-models-context';
import { useEntityModels } from './use-entity-models';

/** Hands the served entity models to the engine inside the layout (the lists an action opens, x-screen). */
export function EngineModels({ children }: { children: ReactNode }) {
  const { models } = useEntityModels();
  return <EntityModelsContext.Provider value={models}>{children}</EntityModelsContext.Provider>;
}
