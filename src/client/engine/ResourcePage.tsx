import Typography from '@mui/material/Typography';
import type { EntityModel } from '../../shared/schema/entity-model';
import { useLang } from '../i18n/use-lang';

/** Placeholder written by the client-shell engineer; the engine engineer replaces this file. */
export function ResourcePage({ model }: { model: EntityModel }) {
  const lang = useLang();
  return <Typography variant="h5">{model.label[lang]}</Typography>;
}
