import { useCallback, useMemo, useRef } from 'react';
import { hasDependentOptions, type EntityModel, type FormMode, type Lang, type ListView } from '../../../shared/schema/entity-model';
import { deciderFields } from './form-conditions';
import { buildFormSpec } from './form-schema';
import { confirmationValidator, fieldOfInputId, schemaErrorTransformer } from './form-validation';
import { widgets } from './widgets';

/**
 * Logic of one dialog form: the spec built from the model, and validate-on-blur. rjsf
 * validates the whole record on each blur; errors are shown only for the fields the
 * user has left, and for all of them once a submit was tried (Element UI's behaviour).
 */
export function useResourceForm(input: { model: EntityModel; view: ListView; mode: FormMode; lang: Lang; data: Record<string, unknown>; idPrefix?: string }) {
  const { model, view, mode, lang, data, idPrefix } = input;
  const deciders = useMemo(() => deciderFields(model), [model]);
  // The spec changes only when a value that `x-when` follows changes.
  const decided = JSON.stringify(deciders.map((name) => data[name] ?? null));
  const decidedData = useMemo(() => Object.fromEntries(deciders.map((n, i) => [n, JSON.parse(decided)[i]])), [deciders, decided]);
  const spec = useMemo(() => buildFormSpec({ model, view, mode, lang, widgets, data: decidedData }), [model, view, mode, lang, decidedData]);
  const touched = useRef(new Set<string>());
  const submitted = useRef(false);

  const isShown = useCallback((field: string) => submitted.current || touched.current.has(field), []);
  const transformErrors = useMemo(() => schemaErrorTransformer({ model, lang, isShown, data: decidedData }), [model, lang, isShown, decidedData]);
  const customValidate = useMemo(() => confirmationValidator({ model, lang, isShown }), [model, lang, isShown]);
  /** Runs before rjsf's own blur handling, which then validates with the field counted in. */
  const onBlur = useCallback((id: string) => {
    touched.current.add(fieldOfInputId(id, idPrefix));
  }, [idPrefix]);
  /** Runs (capture phase) before rjsf validates the submit. */
  const onSubmitAttempt = useCallback(() => {
    submitted.current = true;
  }, []);
  // Options asked with another field's value (x-options.params) need the form's current data too.
  const followsData = deciders.length > 0 || model.fields.some(hasDependentOptions);
  return { spec, transformErrors, customValidate, onBlur, onSubmitAttempt, followsData };
}
