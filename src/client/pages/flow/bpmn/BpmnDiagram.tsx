import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import type { BpmnViewerCanvasProps } from './BpmnViewerCanvas';

// bpmn-js (≈ 57 KB gzip for the viewer) loads only when a diagram is shown.
const Canvas = lazy(() => import('./BpmnViewerCanvas'));

/** A BPMN diagram, its viewer fetched on first use. */
export function BpmnDiagram(props: BpmnViewerCanvasProps) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Typography color="text.secondary">{t('pages.flow.diagramLoading')}</Typography>}>
      <Canvas {...props} />
    </Suspense>
  );
}
