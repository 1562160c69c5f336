import Paper from '@mui/material/Paper';
import type { EntityModel } from '../../shared/schema/entity-model';
import { ResourceList } from './list/ResourceList';

export interface ResourcePageProps {
  model: EntityModel;
}

/**
 * The screen of one entity, built from its schema: search bar, toolbar, server-side
 * paged (or tree) table, row actions and the add/edit/view dialog.
 *
 * @example <ResourcePage model={models['system/param']} />
 */
export function ResourcePage({ model }: ResourcePageProps) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`resource-page-${model.key}`}>
      <ResourceList key={model.key} model={model} view={model.list} />
    </Paper>
  );
}
