import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ApiError } from '../../../api/http';
import { toast } from '../../../ui/toast';
import { reportFailure } from '../../../ui/report-failure';
import { useAsync } from '../../shared/use-async';
import type { ModelerApi } from '../bpmn/BpmnModelerCanvas';
import { newDiagramXml } from '../bpmn/new-diagram';
import { modelApi, type FlowModel } from '../flow-api';
import { BusyButton } from '../../../ui/BusyButton';

// The modeler (≈ 166 KB gzip with its styles) is fetched when the dialog opens.
const ModelerCanvas = lazy(() => import('../bpmn/BpmnModelerCanvas'));

interface Fields {
  modelKey: string;
  name: string;
  description: string;
}

function loadModel(id: string | undefined): Promise<FlowModel | undefined> {
  return id ? modelApi.detail(id) : Promise.resolve(undefined);
}

/**
 * 流程配置: the model's key, name and description above a bpmn-js modeler. 保 存 sends
 * the XML to `model/submit`; the server checks it, and its refusal (what is wrong in the
 * diagram) stays on screen above the canvas until the next save.
 */
export function ModelerDialog({ modelId, onClose, onSaved }: { modelId?: string; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const loaded = useAsync(() => loadModel(modelId), [modelId]);
  const [fields, setFields] = useState<Fields>();
  const [problem, setProblem] = useState<string>();
  const [missing, setMissing] = useState<Partial<Record<keyof Fields, boolean>>>({});
  const [busy, setBusy] = useState(false);
  const modeler = useRef<ModelerApi | undefined>(undefined);
  const model = loaded.data;
  const current: Fields = fields ?? { modelKey: model?.modelKey ?? '', name: model?.name ?? '', description: model?.description ?? '' };
  // Imported once when the model has loaded; later edits live in the modeler.
  const initialXml = useMemo(() => (loaded.loading ? '' : model?.modelEditorXml || newDiagramXml('Process_1', '')), [loaded.loading, model]);
  const set = (name: keyof Fields, value: string) => {
    setFields({ ...current, [name]: value });
    setMissing((m) => ({ ...m, [name]: false }));
  };
  const save = async () => {
    const gaps = { modelKey: !current.modelKey.trim(), name: !current.name.trim() };
    setMissing(gaps);
    if (gaps.modelKey || gaps.name || !modeler.current) return;
    setBusy(true);
    setProblem(undefined);
    try {
      const modelEditorXml = await modeler.current.exportXml({ id: current.modelKey.trim(), name: current.name.trim() });
      await modelApi.submit({ id: modelId, modelKey: current.modelKey.trim(), name: current.name.trim(), description: current.description, modelEditorXml });
      toast.success(t('pages.flow.saved'));
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && error.code !== 401) setProblem(error.message);
      else reportFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open fullWidth maxWidth="xl" slotProps={{ paper: { id: 'flow_modeler_dialog' } }} onClose={(_, reason) => reason !== 'backdropClick' && onClose()}>
      <DialogTitle id="flow_modeler_dialog_title">{t('pages.flow.modelerTitle')}</DialogTitle>
      <DialogContent dividers>
        {loaded.loading ? (
          <CircularProgress size={24} />
        ) : (
          <Stack spacing={1.5}>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5}>
              <TextField
                id="flow_model_modelKey"
                size="small"
                required
                label={t('pages.flow.modelKey')}
                value={current.modelKey}
                error={missing.modelKey}
                helperText={missing.modelKey ? t('pages.flow.modelKeyRequired') : undefined}
                onChange={(e) => set('modelKey', e.target.value)}
              />
              <TextField
                id="flow_model_name"
                size="small"
                required
                label={t('pages.flow.modelName')}
                value={current.name}
                error={missing.name}
                helperText={missing.name ? t('pages.flow.modelNameRequired') : undefined}
                onChange={(e) => set('name', e.target.value)}
              />
              <TextField
                id="flow_model_description"
                size="small"
                sx={{ flex: 1 }}
                label={t('pages.flow.modelDescription')}
                value={current.description}
                onChange={(e) => set('description', e.target.value)}
              />
            </Stack>
            {problem && (
              <Alert id="flow_modeler_problem" severity="error">
                {problem}
              </Alert>
            )}
            <Suspense fallback={<Typography color="text.secondary">{t('pages.flow.diagramLoading')}</Typography>}>
              <ModelerCanvas xml={initialXml} height="60vh" onReady={(api) => (modeler.current = api)} />
            </Suspense>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <BusyButton id="flow_modeler_dialog_submit" busy={busy} disabled={loaded.loading} onClick={() => void save()}>
          {t('pages.flow.save')}
        </BusyButton>
        <Button id="flow_modeler_dialog_cancel" onClick={onClose}>
          {t('pages.common.cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
