/**
 * The few bpmn-js / diagram-js services the diagrams use, typed as far as we call them (diagram-js
 * is bpmn-js's own dependency, not ours to import types from).
 */
export interface BusinessObject {
  id: string;
  name?: string;
  $type: string;
  get(name: string): unknown;
  [key: string]: unknown;
}
export interface DiagramElement {
  id: string;
  type: string;
  businessObject: BusinessObject;
  di?: { set(name: string, value: unknown): void };
  waypoints?: unknown[];
  labelTarget?: DiagramElement;
  source?: DiagramElement;
  target?: DiagramElement;
  outgoing?: DiagramElement[];
}
export interface Canvas {
  addMarker(element: string | DiagramElement, marker: string): void;
  zoom(level: 'fit-viewport', center?: 'auto'): number;
  getRootElement(): DiagramElement;
}
export interface ElementRegistry {
  get(id: string): DiagramElement | undefined;
  getGraphics(element: DiagramElement): SVGElement;
}
export interface GraphicsFactory {
  update(type: 'shape' | 'connection', element: DiagramElement, gfx: SVGElement): void;
}
export interface EventBus {
  on(event: string, callback: (event: Record<string, unknown>) => void): void;
  off(event: string, callback: (event: Record<string, unknown>) => void): void;
}
export interface Modeling {
  updateProperties(element: DiagramElement, properties: Record<string, unknown>): void;
}
export interface Moddle {
  create(type: string, attrs?: Record<string, unknown>): unknown;
}
export interface Selection {
  get(): DiagramElement[];
}
