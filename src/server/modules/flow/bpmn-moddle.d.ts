/* bpmn-moddle 10 ships no types for its main entry; the little this module uses. */
declare module 'bpmn-moddle' {
  export class BpmnModdle {
    constructor(packages?: Record<string, unknown>);
    fromXML(xml: string, typeName?: string): Promise<{ rootElement: unknown; warnings: unknown[] }>;
  }
}
