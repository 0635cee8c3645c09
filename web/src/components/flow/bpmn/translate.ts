/**
 * bpmn-js's `translate` in the page's language: Chinese from our table (loaded with the diagram
 * pages only), English as bpmn-js writes it. A diagram is built in one language; the modeler is
 * built again when the language changes (Modeler.tsx).
 */
export function translateModule(table: Readonly<Record<string, string>> | null) {
  const translate = (template: string, replacements: Record<string, string> = {}) =>
    (table?.[template] ?? template).replace(/{([^}]+)}/g, (_all, key: string) => replacements[key] ?? `{${key}}`);
  return { translate: ['value', translate] };
}
