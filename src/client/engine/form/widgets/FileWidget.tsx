import { useContext } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import type { WidgetProps } from '@rjsf/utils';
import { FilePickContext } from '../file-pick';

/**
 * `x-widget: file`: a 148 px drop box around a hidden `<input type=file>` (id of the field), the
 * file handed to the action form, which sends it at once; the box shows the uploaded picture.
 * The File never enters the form's data.
 */
export function FileWidget(props: WidgetProps) {
  const pick = useContext(FilePickContext);
  const name = props.name;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography sx={{ minWidth: 80, pt: 1 }}>{props.label}</Typography>
      <Box
        component="label"
        sx={{
          width: 148, height: 148, border: '1px dashed', borderColor: 'divider', borderRadius: 1, cursor: 'pointer',
          display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden', bgcolor: 'action.hover',
        }}
      >
        {pick?.busy ? <CircularProgress size={24} /> : pick?.preview ? (
          <img id={pick.previewId} src={pick.preview} alt="" style={{ maxWidth: '100%', maxHeight: '100%' }} />
        ) : <AddPhotoAlternateOutlinedIcon color="disabled" fontSize="large" />}
        <input
          id={props.id}
          type="file"
          hidden
          disabled={props.disabled || props.readonly}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) pick?.onPick(name, file);
            e.target.value = '';
          }}
        />
      </Box>
    </Stack>
  );
}
