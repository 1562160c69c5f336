import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useEngineText } from '../common/use-engine-text';

const EXCEL_TYPES = '.xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ImportWorkbookFieldsProps {
  /** Element ids start with it (`user` → `user_import_file`). */
  idPrefix: string;
  file: File | undefined;
  onFile(file: File | undefined): void;
  isCovered: boolean;
  onCovered(isCovered: boolean): void;
  /** Show the 数据覆盖 switch (default yes). */
  hasCover?: boolean;
  onDownloadTemplate(): void;
}

/** The fields of Saber's Excel import dialogs: the workbook, 数据覆盖 and the template link. */
export function ImportWorkbookFields({ idPrefix, file, onFile, isCovered, onCovered, hasCover = true, onDownloadTemplate }: ImportWorkbookFieldsProps) {
  const { t: text } = useEngineText();
  return (
    <>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography sx={{ minWidth: 80 }}>{text('importFile')}</Typography>
        <Button component="label" variant="outlined" size="small" startIcon={<UploadFileIcon />}>
          {text('chooseFile')}
          <input id={`${idPrefix}_import_file`} type="file" hidden accept={EXCEL_TYPES} onChange={(e) => onFile(e.target.files?.[0])} />
        </Button>
        <Typography variant="body2" id={`${idPrefix}_import_file_name`} noWrap>
          {file?.name ?? ''}
        </Typography>
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {text('importTip')}
      </Typography>
      {hasCover && (
        <FormControlLabel
          label={text('isCovered')}
          control={<Switch id={`${idPrefix}_import_covered`} checked={isCovered} onChange={(e) => onCovered(e.target.checked)} />}
        />
      )}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography sx={{ minWidth: 80 }}>{text('template')}</Typography>
        <Link component="button" type="button" id={`${idPrefix}_import_template`} onClick={onDownloadTemplate}>
          {text('templateDownload')}
        </Link>
      </Stack>
    </>
  );
}
