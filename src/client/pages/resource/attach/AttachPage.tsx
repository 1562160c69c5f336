import { useTranslation } from 'react-i18next';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import type { EntityModel } from '../../../../shared/schema/entity-model';
import type { RowExtra, ToolbarExtra } from '../../../engine/extensions';
import { ResourcePage } from '../../../engine/ResourcePage';
import { RouteModel } from '../../shared/RouteModel';
import { useListDialog } from '../../shared/use-list-dialog';
import { AttachUploadDialog } from './AttachUploadDialog';

function AttachScreen({ model }: { model: EntityModel }) {
  const { t } = useTranslation();
  const uploading = useListDialog<true>();
  const toolbarExtras: ToolbarExtra[] = [
    {
      key: 'upload',
      label: t('pages.resource.upload'),
      permission: 'attach_upload',
      icon: <CloudUploadOutlinedIcon />,
      onClick: ({ reload }) => uploading.open(true, reload),
    },
  ];
  const rowExtras: RowExtra[] = [
    {
      key: 'download',
      label: t('pages.resource.download'),
      permission: 'attach_download',
      isShownFor: (row) => typeof row.link === 'string' && row.link !== '',
      onClick: ({ row }) => void window.open(String(row.link), '_blank', 'noopener'),
    },
  ];
  return (
    <>
      <ResourcePage model={model} toolbarExtras={toolbarExtras} rowExtras={rowExtras} />
      {uploading.target && <AttachUploadDialog onClose={uploading.close} onDone={uploading.done} />}
    </>
  );
}

/** 附件管理 (Saber resource/attach.vue): the engine's list plus 上 传 (`attach_upload`) and 下载 (`attach_download`). */
export function AttachPage() {
  return <RouteModel>{(model) => <AttachScreen model={model} />}</RouteModel>;
}
