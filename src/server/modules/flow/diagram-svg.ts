import { createRequire } from 'node:module';
import { BpmnModdle } from 'bpmn-moddle';

const camunda = createRequire(import.meta.url)('camunda-bpmn-moddle/resources/camunda.json');
const moddle = new BpmnModdle({ camunda });

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A picture of a (checked) definition drawn from its BPMN DI: events as circles, gateways
 * as diamonds, tasks as rounded boxes, flows as lines; `active` steps outlined red, `done` green.
 */
export async function renderDiagram(xml: string, { active, done }: { active: string[]; done: string[] }): Promise<string> {
  const { rootElement } = await moddle.fromXML(xml.trim(), 'bpmn:Definitions');
  const root = rootElement as any;
  const plane = root.diagrams?.[0]?.plane;
  const parts: string[] = [];
  let maxX = 100;
  let maxY = 100;
  for (const el of plane?.planeElement ?? []) {
    const node = el.bpmnElement;
    if (!node) continue;
    const id: string = node.id;
    const type: string = node.$type;
    if (el.$type === 'bpmndi:BPMNEdge') {
      const pts = (el.waypoint ?? []).map((p: any) => `${p.x},${p.y}`).join(' ');
      for (const p of el.waypoint ?? []) { maxX = Math.max(maxX, p.x); maxY = Math.max(maxY, p.y); }
      parts.push(`<polyline data-element-id="${esc(id)}" points="${pts}" fill="none" stroke="#444" stroke-width="1.5" marker-end="url(#arrow)"/>`);
      continue;
    }
    const b = el.bounds;
    if (!b) continue;
    maxX = Math.max(maxX, b.x + b.width);
    maxY = Math.max(maxY, b.y + b.height);
    const stroke = active.includes(id) ? '#e53935' : done.includes(id) ? '#43a047' : '#444';
    const width = active.includes(id) || done.includes(id) ? 3 : 1.5;
    const cls = active.includes(id) ? ' class="highlight-current"' : done.includes(id) ? ' class="highlight-done"' : '';
    const cx = b.x + b.width / 2;
    const cy = b.y + b.height / 2;
    const name = esc(String(node.name ?? ''));
    if (/Event$/.test(type)) {
      const thick = type === 'bpmn:EndEvent' ? width + 2 : width;
      parts.push(`<g data-element-id="${esc(id)}"${cls}><circle cx="${cx}" cy="${cy}" r="${b.width / 2}" fill="#fff" stroke="${stroke}" stroke-width="${thick}"/><text x="${cx}" y="${b.y + b.height + 14}" font-size="12" text-anchor="middle">${name}</text></g>`);
    } else if (/Gateway$/.test(type)) {
      parts.push(`<g data-element-id="${esc(id)}"${cls}><polygon points="${cx},${b.y} ${b.x + b.width},${cy} ${cx},${b.y + b.height} ${b.x},${cy}" fill="#fff" stroke="${stroke}" stroke-width="${width}"/><text x="${cx}" y="${b.y - 6}" font-size="12" text-anchor="middle">${name}</text></g>`);
    } else if (/Lane|Participant/.test(type)) {
      parts.push(`<rect data-element-id="${esc(id)}" x="${b.x}" y="${b.y}" width="${b.width}" height="${b.height}" fill="none" stroke="#999"/>`);
    } else {
      parts.push(`<g data-element-id="${esc(id)}"${cls}><rect x="${b.x}" y="${b.y}" width="${b.width}" height="${b.height}" rx="10" fill="#fff" stroke="${stroke}" stroke-width="${width}"/><text x="${cx}" y="${cy + 4}" font-size="12" text-anchor="middle">${name}</text></g>`);
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${maxX + 40}" height="${maxY + 40}" viewBox="0 0 ${maxX + 40} ${maxY + 40}" font-family="sans-serif">`
    + '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#444"/></marker></defs>'
    + `${parts.join('')}</svg>`;
}
