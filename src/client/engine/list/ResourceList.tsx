import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import type { EntityModel, ListView } from '../../../shared/schema/entity-model';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { useEngineText } from '../common/use-engine-text';
import { FormDialogLoading } from '../form/FormDialogLoading';
import type { ResourceRow } from '../data/resource-api';
import type { ResourcePageExtensions } from '../extensions';
import { SearchForm } from '../search/SearchForm';
import { ChildListDialog } from './ChildListDialog';
import { childListTitle } from './child-list-title';
import { ResourceTable } from './ResourceTable';
import { useResourceList } from './use-resource-list';

/**
 * The form (rjsf + ajv, ≈ 150 KB gzip) is its own chunk: the list shows without it. It is
 * fetched when the pointer or the focus comes into the list, ahead of a click on
 * 新增/编辑/查看, or at that click.
 */
const loadFormDialog = () => import('../form/FormDialog');
const preloadFormDialog = () => void loadFormDialog().catch(() => undefined);
const FormDialog = lazy(() => loadFormDialog().then((m) => ({ default: m.FormDialog })));

export interface ResourceListProps {
  model: EntityModel;
  /** The view shown: the model's main list, or its `children` view in a child dialog. */
  view: ListView;
  /** A child list's parent row. */
  parentRow?: ResourceRow;
  /** Prefix of the ids inside ('' on the main list, 'child_' in a child list). */
  scope?: string;
  /** What a hand-written page adds to this list (not to its child list). */
  extensions?: ResourcePageExtensions;
}

/**
 * One list view of an entity: search bar, table with toolbar and row actions, the
 * add/edit/view dialog, the delete question and, when the view has one, the child list
 * (the same component again, with `view.children` and the parent row).
 */
export function ResourceList({ model, view, parentRow, scope = '', extensions }: ResourceListProps) {
  const { t, lang } = useEngineText();
  const list = useResourceList({ model, view, parentRow, extensions });
  const { form, deletion, actions } = list;
  return (
    <Box onPointerEnter={preloadFormDialog} onFocus={preloadFormDialog}>
      {view.search.length > 0 && <SearchForm model={model} view={view} scope={scope} onSearch={list.query.applySearch} />}
      <ResourceTable model={model} view={view} list={list} scope={scope} />
      {form.session && (
        <Suspense fallback={<FormDialogLoading model={model} session={form.session} onClose={form.close} />}>
          <FormDialog
            model={model}
            view={list.formView}
            session={form.session}
            saving={form.saving}
            scope={scope}
            onFormChange={extensions?.onFormChange}
            onSubmit={(data) => void form.submit(data)}
            onClose={form.close}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={deletion.pending !== undefined}
        message={t('confirmDelete')}
        busy={deletion.busy}
        onConfirm={() => void deletion.confirm()}
        onCancel={deletion.cancel}
      />
      {view.children && list.childRow && (
        <ChildListDialog title={childListTitle({ model, view, row: list.childRow, lang, fallback: t('configure') })} onClose={actions.closeChildren}>
          <ResourceList model={model} view={view.children} parentRow={list.childRow} scope={`${scope}child_`} />
        </ChildListDialog>
      )}
    </Box>
  );
}
