import { useTranslation } from 'react-i18next';
import CircularProgress from '@mui/material/CircularProgress';
import { ActionDialog } from '../../../components/ActionDialog';
import { BpmnDiagram } from './BpmnDiagram';
import { useDiagram, type DiagramSource } from './use-diagram';

/** The dialog 流程图: a definition's diagram, or an instance's with the running step marked (跟踪). */
export function DiagramDialog({ source, onClose }: { source: DiagramSource; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, loading } = useDiagram(source);
  return (
    <ActionDialog id="flow_diagram_dialog" title={t('pages.flow.diagram')} width={1000} readOnly onClose={onClose}>
      {loading && <CircularProgress size={24} />}
      {data?.xml && <BpmnDiagram xml={data.xml} current={data.current} done={data.done} height={500} />}
    </ActionDialog>
  );
}
