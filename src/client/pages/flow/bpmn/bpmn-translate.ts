import type { Lang } from '../../../../shared/schema/entity-model';
import { bpmnZhTexts } from './bpmn-zh-texts';

/** bpmn-js's own interpolation: `{name}` replaced from `replacements`, left as it is when absent. */
function fill(template: string, replacements: Record<string, string> = {}): string {
  return template.replace(/{([^}]+)}/g, (_, key: string) => replacements[key] || `{${key}}`);
}

/**
 * A diagram-js module overriding the `translate` service: the palette and the context pad
 * ("Append task" → 追加任务) speak the user's language; English, and any text without a
 * Chinese one, stay as bpmn-js writes them.
 */
export function bpmnTranslateModule(lang: Lang) {
  const texts: Readonly<Record<string, string>> = lang === 'zh' ? bpmnZhTexts : {};
  const translate = (template: string, replacements?: Record<string, string>) => fill(texts[template] ?? template, replacements);
  return { translate: ['value', translate] };
}
