import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import type { EntityModel } from '../../../../shared/schema/entity-model';
import type { RowExtra } from '../../../engine/extensions';
import { ResourcePage } from '../../../engine/ResourcePage';
import { RouteModel } from '../../shared/RouteModel';
import { ModelPrototypeDialog } from './ModelPrototypeDialog';

function ModelScreen({ model }: { model: EntityModel }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string>();
  const rowExtras: RowExtra[] = [
    { key: 'prototype', label: t('pages.model.prototype'), permission: 'model_edit', icon: <TuneOutlinedIcon />, onClick: ({ row }) => setEditing(String(row.id ?? '')) },
  ];
  return (
    <>
      <ResourcePage model={model} rowExtras={rowExtras} />
      {editing && <ModelPrototypeDialog modelId={editing} onClose={() => setEditing(undefined)} onDone={() => setEditing(undefined)} />}
    </>
  );
}

/** 数据模型 (Saber 3.0 tool/model.vue): the engine's list plus 模型配置 per row. */
export function ModelPage() {
  return <RouteModel>{(model) => <ModelScreen model={model} />}</RouteModel>;
}
