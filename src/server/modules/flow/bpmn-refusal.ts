/** An element as bpmn-moddle parses it (a foreign element keeps its attributes as plain string properties and its children in `$children`). */
export type ModdleElement = Record<string, unknown> & { $type: string; $attrs?: Record<string, string>; $children?: ModdleElement[]; id?: string; name?: string };

/** Why a file was refused: `reason` is a message key, `detail` the element or text concerned. */
export class BpmnRefusal extends Error {
  constructor(readonly reason: RefusalReason, readonly detail = '') {
    super(`${reason}${detail ? `: ${detail}` : ''}`);
  }
}

export type RefusalReason =
  | 'bpmnEmpty' | 'bpmnTooLarge' | 'bpmnDoctype' | 'bpmnUnreadable' | 'bpmnNoProcess' | 'bpmnManyProcesses'
  | 'bpmnElement' | 'bpmnScript' | 'bpmnListener' | 'bpmnAttribute' | 'bpmnCondition' | 'bpmnAssignee'
  | 'bpmnNoStart' | 'bpmnKey' | 'bpmnFormProperty' | 'bpmnNobody' | 'bpmnMultiInstance';

export function localName(qualified: string): string {
  const at = qualified.indexOf(':');
  return at < 0 ? qualified : qualified.slice(at + 1);
}

/** `scriptTask x`: the element as it is written in the XML. */
export function label(el: ModdleElement): string {
  const local = localName(el.$type);
  return `${local.charAt(0).toLowerCase()}${local.slice(1)}${el.id ? ` ${el.id}` : ''}`;
}
