import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import './bpmn-styles';

export interface BpmnViewerCanvasProps {
  xml: string;
  /** Activity ids running now (marked `highlight-current`). */
  current?: string[];
  /** Activity ids already passed (marked `highlight-done`). */
  done?: string[];
  height?: number;
}

/** A read-only, pannable and zoomable BPMN diagram (bpmn-js NavigatedViewer), fitted to its box. */
export default function BpmnViewerCanvas({ xml, current = [], done = [], height = 420 }: BpmnViewerCanvasProps) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<string>();
  const markers = JSON.stringify([current, done]);
  useEffect(() => {
    if (!host.current) return;
    const viewer = new NavigatedViewer({ container: host.current });
    let live = true;
    viewer
      .importXML(xml)
      .then(() => {
        if (!live) return;
        const canvas = viewer.get<any>('canvas');
        const registry = viewer.get<any>('elementRegistry');
        canvas.zoom('fit-viewport', 'auto');
        const [now, passed] = JSON.parse(markers) as [string[], string[]];
        for (const id of passed) if (registry.get(id) && !now.includes(id)) canvas.addMarker(id, 'highlight-done');
        for (const id of now) if (registry.get(id)) canvas.addMarker(id, 'highlight-current');
        setFailure(undefined);
      })
      .catch((error: Error) => live && setFailure(error.message));
    return () => {
      live = false;
      viewer.destroy();
    };
  }, [xml, markers]);
  return (
    <Box>
      {failure && <Alert severity="error">{t('pages.flow.diagramFailed', { message: failure })}</Alert>}
      <Box ref={host} data-testid="bpmn-diagram" sx={{ height, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }} />
    </Box>
  );
}
