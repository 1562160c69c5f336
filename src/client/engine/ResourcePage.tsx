import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { EntityModel } from '../../shared/schema/entity-model';
import { ActionFormDialog } from './actions/ActionFormDialog';
import { useSchemaActions } from './actions/use-schema-actions';
import { ConfirmDialog } from './common/ConfirmDialog';
import type { ResourcePageExtensions } from './extensions';
import { ResourceList } from './list/ResourceList';
import { SideTreePanel } from './list/SideTreePanel';

export interface ResourcePageProps extends ResourcePageExtensions {
  model: EntityModel;
}

/**
 * The screen of one entity, built from its schema: search bar, toolbar, server-side
 * paged (or tree) table, row actions and the add/edit/view dialog. A hand-written page
 * wraps it and extends it through the optional slots of `ResourcePageExtensions`.
 *
 * A schema's `x-list.sideTree` is drawn in the aside slot (unless the page fills it) and
 * its pick sent as the tree's parameter.
 *
 * @example <ResourcePage model={models['system/param']} />
 */
export function ResourcePage({ model, aside: pageAside, scope, ...extensions }: ResourcePageProps) {
  // The schema's x-actions come after the page's own buttons.
  const schemaActions = useSchemaActions(model);
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
    toolbarExtras: [...(extensions.toolbarExtras ?? []), ...schemaActions.toolbarExtras],
    rowExtras: [...(extensions.rowExtras ?? []), ...schemaActions.rowExtras],
  };
  const list = (
    <>
      <ResourceList key={model.key} model={model} view={model.list} scope={scope} extensions={merged} />
      <ConfirmDialog {...schemaActions.confirmProps} />
      {schemaActions.formProps && <ActionFormDialog {...schemaActions.formProps} />}
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
      <Paper variant="outlined" component="aside" sx={{ p: 1.5, width: { xs: '100%', md: 260 }, flexShrink: 0 }}>
        {aside}
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 0, width: '100%' }} data-testid={`resource-page-${model.key}`}>
        {list}
      </Paper>
    </Box>
  );
}
