export type Shape = { id: string; type: string; businessObject: Record<string, any> };

/** What the panel needs of the modeler: its selection and the modeling commands (undoable). */
export interface ModelerServices {
  modeling: { updateProperties(element: Shape, props: Record<string, unknown>): void; updateModdleProperties?(element: Shape, target: unknown, props: Record<string, unknown>): void };
  moddle: { create(type: string, attrs: Record<string, unknown>): any };
  elementRegistry: { filter(fn: (e: Shape) => boolean): Shape[] };
  eventBus: { on(event: string, fn: (e: { newSelection: Shape[] }) => void): void; off(event: string, fn: unknown): void };
}

/** One group of the panel: the selected element, the services, and an undoable update of it. */
export interface GroupProps {
  element: Shape;
  services: ModelerServices;
  update: (props: Record<string, unknown>) => void;
}

export const text = (value: unknown) => (typeof value === 'string' ? value : '');
