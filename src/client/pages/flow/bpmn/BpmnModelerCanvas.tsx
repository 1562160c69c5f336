import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Modeler from 'bpmn-js/lib/Modeler';
import { useLang } from '../../../i18n/use-lang';
import { bpmnTranslateModule } from './bpmn-translate';
import './bpmn-styles';

/** What the dialog asks of the modeler. */
export interface ModelerApi {
  /** The diagram as BPMN 2.0 XML, its process renamed to the model's key and name first. */
  exportXml(process: { id: string; name: string }): Promise<string>;
}

export interface BpmnModelerCanvasProps {
  xml: string;
  onReady: (api: ModelerApi) => void;
  height?: number | string;
}

/** The bpmn-js Modeler: palette, context pad, drag and connect; imports `xml` once. */
export default function BpmnModelerCanvas({ xml, onReady, height = 520 }: BpmnModelerCanvasProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const host = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<string>();
  useEffect(() => {
    if (!host.current) return;
    const modeler = new Modeler({ container: host.current, additionalModules: [bpmnTranslateModule(lang)] });
    let live = true;
    modeler
      .importXML(xml)
      .then(() => {
        if (!live) return;
        modeler.get<any>('canvas').zoom('fit-viewport', 'auto');
        onReady({
          exportXml: async (process) => {
            // Set on the model objects, not through a modeling command: the canvas stays as
            // drawn, and the diagram's plane refers to the same object, so both follow.
            const definitions = modeler.getDefinitions() as { rootElements?: { $type: string; id: string; name?: string }[] };
            const processes = (definitions.rootElements ?? []).filter((e) => e.$type === 'bpmn:Process');
            if (processes.length === 1) Object.assign(processes[0], { id: process.id, name: process.name });
            const { xml: out } = await modeler.saveXML({ format: true });
            return out ?? '';
          },
        });
      })
      .catch((error: Error) => live && setFailure(error.message));
    return () => {
      live = false;
      modeler.destroy();
    };
    // The diagram is imported once per opening; later edits live in the modeler.
  }, [xml, lang]);
  return (
    <Box>
      {failure && <Alert severity="error">{t('pages.flow.diagramFailed', { message: failure })}</Alert>}
      <Box ref={host} data-testid="bpmn-modeler" sx={{ height, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }} />
    </Box>
  );
}
