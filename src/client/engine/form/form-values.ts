import { createContext, useContext } from 'react';
import type { EntityModel } from '../../../shared/schema/entity-model';

/** The dialog's model and current values, for widgets whose options depend on another field. */
export interface FormValues {
  model: EntityModel;
  data: Record<string, unknown>;
}

export const FormValuesContext = createContext<FormValues | undefined>(undefined);

/** The enclosing form's values (undefined outside a ResourceForm). */
export function useFormValues(): FormValues | undefined {
  return useContext(FormValuesContext);
}
