import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Form from '@rjsf/mui';
import type { EntityModel, FormMode, Lang, ListView } from '../../../shared/schema/entity-model';
import { withUnsetLabels } from '../data/unset-value';
import type { FormChangeHandler } from '../extensions';
import { formValidator } from './form-validation';
import { FormValuesContext } from './form-values';
import { GridObjectTemplate } from './GridObjectTemplate';
import { useResourceForm } from './use-resource-form';

export interface ResourceFormProps {
  model: EntityModel;
  view: ListView;
  mode: FormMode;
  lang: Lang;
  /** id of the <form>, so a button outside it (the dialog's 确定) can submit it. */
  formId: string;
  initial: Record<string, unknown>;
  /** Prefix of the inputs' ids (`<idPrefix>_<field>`); default rjsf's `root`. */
  idPrefix?: string;
  /** When given, the form's data passes through it on every change. */
  onFormChange?: FormChangeHandler;
  onSubmit: (formData: Record<string, unknown>) => void;
}

const templates = { ObjectFieldTemplate: GridObjectTemplate };
/** Errors are shown next to their fields; rjsf's default onError would only log them. */
const ignoreErrorList = () => undefined;

/** The entity's record as an rjsf form: schema messages, validate on blur, no browser validation. */
export function ResourceForm(props: ResourceFormProps) {
  const initial = props.mode === 'view' ? withUnsetLabels(props.model, props.initial, props.lang) : props.initial;
  const [data, setData] = useState(initial);
  const { spec, transformErrors, customValidate, onBlur, onSubmitAttempt, followsData } = useResourceForm({ ...props, data });
  // Controlled only when a page rewrites changes or fields follow a value (x-when, whose
  // spec changes would reset an uncontrolled form; x-options.params, whose widgets read the
  // form's values); otherwise rjsf keeps the data itself.
  const { onFormChange, mode } = props;
  const isControlled = onFormChange !== undefined || followsData;
  const onChange = isControlled
    ? ({ formData }: { formData?: unknown }) => {
        const next = (formData ?? {}) as Record<string, unknown>;
        setData((previous) => (onFormChange ? onFormChange({ mode, previous, next }) : next));
      }
    : undefined;
  const formValues = useMemo(() => ({ model: props.model, data: isControlled ? data : initial }), [props.model, isControlled, data, initial]);
  return (
    <Box onSubmitCapture={onSubmitAttempt}>
      <FormValuesContext.Provider value={formValues}>
        <Form
          id={props.formId}
          idPrefix={props.idPrefix}
          schema={spec.schema}
          uiSchema={spec.uiSchema}
          formData={isControlled ? data : initial}
          onChange={onChange}
          validator={formValidator}
          templates={templates}
          noHtml5Validate
          showErrorList={false}
          liveValidate="onBlur"
          focusOnFirstError
          transformErrors={transformErrors}
          customValidate={customValidate}
          onBlur={onBlur}
          onError={ignoreErrorList}
          onSubmit={({ formData }) => props.onSubmit((formData ?? {}) as Record<string, unknown>)}
        />
      </FormValuesContext.Provider>
    </Box>
  );
}
