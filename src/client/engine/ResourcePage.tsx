import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { EntityModel } from '../../shared/schema/entity-model';
import { ActionFormDialog } from './actions/ActionFormDialog';
import { useSchemaActions, type OpenedList } from './actions/use-schema-actions';
import { ConfirmDialog } from './common/ConfirmDialog';
import { useEngineText } from './common/use-engine-text';
import type { ResourceRow } from './data/resource-api';
import { useEntityModel } from './entity-models-context';
import { useFieldFills } from './form/use-field-fills';
import { OpenListPanel } from './open/OpenListPanel';
import { openListFixed, openListTitle } from './open/open-list-title';
import type { ResourcePageExtensions } from './extensions';
import { ResourceList } from './list/ResourceList';
import { SideTreePanel } from './list/SideTreePanel';

export interface ResourcePageProps extends ResourcePageExtensions {
  model: EntityModel;
  /** The row this list was opened from (an action of run kind open): the `{opener.<field>}` of `x-fill`. */
  opener?: ResourceRow;
}

/** The list an action of run kind open shows, fixed to the pressed row, in its drawer or dialog. */
function OpenedListPanel({ action, row, onClose }: OpenedList) {
  const { t, lang } = useEngineText();
  const run = action.run.kind === 'open' ? action.run : undefined;
  const model = useEntityModel(run?.entity);
  const fixed = useMemo(() => (run ? openListFixed({ run, row }) : {}), [run, row]);
  if (!run) return null;
  return (
    <OpenListPanel run={run} title={openListTitle({ template: (run.title ?? action.label)[lang], row })} onClose={onClose}>
      {model ? (
        <ResourcePage model={model} scope={`${run.prefix}_`} fixedParams={fixed} fixedValues={fixed} opener={row} />
      ) : (
        <Alert severity="warning">{t('modelMissing')}</Alert>
      )}
    </OpenListPanel>
  );
}

/**
 * The screen of one entity, built from its schema: search bar, toolbar, server-side
 * paged (or tree) table, row actions and the add/edit/view dialog. A hand-written page
 * wraps it and extends it through the optional slots of `ResourcePageExtensions`.
 *
 * A schema's `x-list.sideTree` is drawn in the aside slot (unless the page fills it) and
 * its pick sent as the tree's parameter. An `x-actions` entry of run kind open shows the list of
 * the entity it names in a drawer or dialog, fixed to the pressed row (which its `x-fill`
 * texts read as `{opener.<field>}`).
 *
 * @example <ResourcePage model={models['system/param']} />
 */
export function ResourcePage({ model, aside: pageAside, scope, opener, ...extensions }: ResourcePageProps) {
  // The schema's x-actions come after the page's own buttons.
  const schemaActions = useSchemaActions(model);
  const fills = useFieldFills(model, opener);
  const pageFormChange = extensions.onFormChange;
  const onFormChange = useMemo<ResourcePageExtensions['onFormChange']>(
    () => (fills && pageFormChange ? (input) => fills({ ...input, next: pageFormChange(input) }) : fills ?? pageFormChange),
    [fills, pageFormChange],
  );
  const [picked, setPicked] = useState<string>();
  const sideTree = pageAside ? undefined : model.list.sideTree;
  const aside = pageAside ?? (sideTree && <SideTreePanel tree={sideTree} selected={picked} onSelect={setPicked} />);
  const pageParams = extensions.fixedParams;
  const fixedParams = useMemo(
    () => (sideTree && picked ? { ...pageParams, [sideTree.param]: picked } : pageParams),
    [sideTree, picked, pageParams],
  );
  const merged = {
    ...extensions,
    fixedParams,
    onFormChange,
    toolbarExtras: [...(extensions.toolbarExtras ?? []), ...schemaActions.toolbarExtras],
    rowExtras: [...(extensions.rowExtras ?? []), ...schemaActions.rowExtras],
  };
  const list = (
    <>
      <ResourceList key={model.key} model={model} view={model.list} scope={scope} extensions={merged} />
      <ConfirmDialog {...schemaActions.confirmProps} />
      {schemaActions.formProps && <ActionFormDialog {...schemaActions.formProps} />}
      {schemaActions.openProps && <OpenedListPanel {...schemaActions.openProps} />}
    </>
  );
  if (!aside) {
    return (
      <Paper variant="outlined" sx={{ p: 2 }} data-testid={`resource-page-${model.key}`}>
        {list}
      </Paper>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 2, alignItems: 'flex-start' }}>
      {/* Narrower below 1536: the user list's seven columns and 操作 fit beside it at 1440 px, two columns at 1000. */}
      <Paper variant="outlined" component="aside" sx={{ p: 1.5, width: { xs: '100%', md: 200, lg: 220, xl: 260 }, flexShrink: 0 }}>
        {aside}
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 0, width: '100%' }} data-testid={`resource-page-${model.key}`}>
        {list}
      </Paper>
    </Box>
  );
}
