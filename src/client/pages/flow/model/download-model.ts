import { reportFailure } from '../../../ui/report-failure';
import { saveBlob } from '../../../api/download';
import { modelApi } from '../flow-api';

/** 下载: the model's BPMN XML saved as `<modelKey>.bpmn20.xml` (Saber's `models/<id>/bpmn20`). */
export async function downloadModelXml(id: string): Promise<void> {
  try {
    const model = await modelApi.detail(id);
    saveBlob(new Blob([model.modelEditorXml ?? ''], { type: 'application/xml' }), `${model.modelKey || id}.bpmn20.xml`);
  } catch (error) {
    reportFailure(error);
  }
}
