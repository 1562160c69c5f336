import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Modeler from 'bpmn-js/lib/Modeler';
import flowable from '../../../../shared/flow/flowable-moddle.json';
import { ElementProperties, type ModelerServices } from './ElementProperties';
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
  const [services, setServices] = useState<ModelerServices>();
  useEffect(() => {
    if (!host.current) return;
    const modeler = new Modeler({ container: host.current, additionalModules: [bpmnTranslateModule(lang)], moddleExtensions: { flowable } });
    let live = true;
    modeler
      .importXML(xml)
      .then(() => {
        if (!live) return;
        modeler.get<any>('canvas').zoom('fit-viewport', 'auto');
        setServices({ modeling: modeler.get('modeling'), moddle: modeler.get('moddle'), elementRegistry: modeler.get('elementRegistry'), eventBus: modeler.get('eventBus') });
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
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5}>
        <Box ref={host} data-testid="bpmn-modeler" sx={{ height, flex: { md: 1 }, flexShrink: 0, minWidth: 0, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }} />
        {services && <ElementProperties services={services} />}
      </Stack>
    </Box>
  );
}
