import { useCallback, useMemo, useRef } from 'react';
import type { EntityModel, FormMode, Lang, ListView } from '../../../shared/schema/entity-model';
import { buildFormSpec } from './form-schema';
import { fieldOfInputId, schemaErrorTransformer } from './form-validation';
import { widgets } from './widgets';

/**
 * Logic of one dialog form: the spec built from the model, and validate-on-blur. rjsf
 * validates the whole record on each blur; errors are shown only for the fields the
 * user has left, and for all of them once a submit was tried (Element UI's behaviour).
 */
export function useResourceForm(input: { model: EntityModel; view: ListView; mode: FormMode; lang: Lang }) {
  const { model, view, mode, lang } = input;
  const spec = useMemo(() => buildFormSpec({ model, view, mode, lang, widgets }), [model, view, mode, lang]);
  const touched = useRef(new Set<string>());
  const submitted = useRef(false);

  const transformErrors = useMemo(
    () => schemaErrorTransformer({ model, lang, isShown: (field) => submitted.current || touched.current.has(field) }),
    [model, lang],
  );
  /** Runs before rjsf's own blur handling, which then validates with the field counted in. */
  const onBlur = useCallback((id: string) => {
    touched.current.add(fieldOfInputId(id));
  }, []);
  /** Runs (capture phase) before rjsf validates the submit. */
  const onSubmitAttempt = useCallback(() => {
    submitted.current = true;
  }, []);
  return { spec, transformErrors, onBlur, onSubmitAttempt };
}
