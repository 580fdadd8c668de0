import { SCRIPT_INTERPRETERS, type ProcessItem, type ScriptInterpreter } from '@ferry/contract';
import { formatTime } from '../../core/clock.js';
import type {
  ProjectProcessRecord,
  ServerProcessRecord,
  TemplateRecord,
} from './run-definition.repository.js';

const times = (r: { insert_time: number; update_time: number }) => ({
  insertTime: formatTime(r.insert_time),
  updateTime: formatTime(r.update_time),
});

const interpreterOf = (v: string): ScriptInterpreter =>
  (SCRIPT_INTERPRETERS as readonly string[]).includes(v) ? (v as ScriptInterpreter) : 'bash';

/** goploy's template fields, plus the interpreter. */
export function presentTemplate(t: TemplateRecord) {
  return {
    id: t.id,
    type: t.type,
    name: t.name,
    content: t.content,
    description: t.description,
    interpreter: interpreterOf(t.interpreter),
    ...times(t),
  };
}

/** goploy's server_process fields: `items` stays the JSON text goploy's clients parse. */
export function presentServerProcess(p: ServerProcessRecord) {
  return { id: p.id, namespaceId: p.namespace_id, name: p.name, items: p.items, ...times(p) };
}

/** The stored buttons of a group; a damaged value reads as none. */
export function processItemsOf(p: ServerProcessRecord): ProcessItem[] {
  try {
    const items = JSON.parse(p.items) as unknown;
    return Array.isArray(items) ? (items as ProcessItem[]) : [];
  } catch {
    return [];
  }
}

/** goploy's project_process fields. */
export function presentProjectProcess(p: ProjectProcessRecord) {
  return {
    id: p.id,
    projectId: p.project_id,
    name: p.name,
    status: p.status,
    start: p.start,
    stop: p.stop,
    restart: p.restart,
    ...times(p),
  };
}
