/*
 * The notification template language: text with `{{path}}` placeholders and three blocks,
 * `{{#if path}}…{{else}}…{{/if}}`, `{{#unless path}}…{{/unless}}` and `{{#each path}}…{{/each}}`.
 * It reads the data it is given and nothing else: no calls, no expressions, no prototype. The
 * server renders messages with it and the browser renders the editor's preview with the same code.
 */

export interface TemplateProblem {
  /** 1-based line and column of the tag at fault. */
  line: number;
  column: number;
  message: string;
}

export class TemplateError extends Error {
  constructor(readonly problem: TemplateProblem) {
    super(`line ${problem.line}, column ${problem.column}: ${problem.message}`);
    this.name = 'TemplateError';
  }
}

type Node =
  | { kind: 'text'; text: string }
  | { kind: 'value'; path: string[] }
  | { kind: 'if'; path: string[]; negate: boolean; then: Node[]; otherwise: Node[] }
  | { kind: 'each'; path: string[]; body: Node[] };

type Block = 'if' | 'unless' | 'each';

interface Open {
  block: Block;
  path: string[];
  nodes: Node[];
  otherwise?: Node[];
  at: number;
}

/** The longest output a template may produce, so a loop cannot flood a channel. */
export const MAX_RENDERED_LENGTH = 20_000;
const MAX_DEPTH = 8;
const TAG = /\{\{\s*([#/]?)([^{}]*?)\s*\}\}/g;
const PATH = /^(@index|@first|@last|this|[A-Za-z_][A-Za-z0-9_]*)(\.[A-Za-z_][A-Za-z0-9_]*)*$/;
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

function position(source: string, at: number): { line: number; column: number } {
  const before = source.slice(0, at).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

function fail(source: string, at: number, message: string): never {
  throw new TemplateError({ ...position(source, at), message });
}

function parsePath(source: string, at: number, raw: string): string[] {
  const path = raw.trim();
  if (!PATH.test(path)) fail(source, at, `"${path}" is not a field name`);
  const parts = path.split('.');
  if (parts.some((p) => FORBIDDEN.has(p))) fail(source, at, `"${path}" is not a field name`);
  return parts[0] === 'this' ? parts.slice(1) : parts;
}

/** Parses a template; throws TemplateError naming the line and column of the first problem. */
export function parseTemplate(source: string): Node[] {
  const root: Node[] = [];
  const stack: Open[] = [];
  const target = () => {
    const top = stack[stack.length - 1];
    return top ? (top.otherwise ?? top.nodes) : root;
  };
  let last = 0;
  for (const m of source.matchAll(TAG)) {
    const at = m.index;
    if (at > last) target().push({ kind: 'text', text: source.slice(last, at) });
    last = at + m[0].length;
    const [, sigil, body] = m as unknown as [string, string, string];
    const [word = '', ...rest] = body.trim().split(/\s+/);
    if (sigil === '#') {
      if (word !== 'if' && word !== 'unless' && word !== 'each') {
        fail(source, at, `unknown block "#${word}" (use #if, #unless or #each)`);
      }
      if (stack.length >= MAX_DEPTH) fail(source, at, `blocks nest at most ${MAX_DEPTH} deep`);
      if (rest.length !== 1) fail(source, at, `#${word} takes one field name`);
      stack.push({ block: word, path: parsePath(source, at, rest[0]!), nodes: [], at });
    } else if (sigil === '/') {
      const top = stack.pop();
      if (!top) fail(source, at, `"/${word}" closes no block`);
      if (top.block !== word) fail(source, at, `"/${word}" found where "/${top.block}" was due`);
      target().push(close(top));
    } else if (word === 'else' && rest.length === 0) {
      const top = stack[stack.length - 1];
      if (!top || top.block === 'each' || top.otherwise) fail(source, at, '"else" outside #if');
      top.otherwise = [];
    } else {
      target().push({ kind: 'value', path: parsePath(source, at, body) });
    }
  }
  const open = stack.pop();
  if (open) fail(source, open.at, `"#${open.block}" is never closed`);
  if (last < source.length) root.push({ kind: 'text', text: source.slice(last) });
  return root;
}

function close(top: Open): Node {
  if (top.block === 'each') return { kind: 'each', path: top.path, body: top.nodes };
  return {
    kind: 'if',
    path: top.path,
    negate: top.block === 'unless',
    then: top.nodes,
    otherwise: top.otherwise ?? [],
  };
}

type Scope = { data: unknown; index?: number; count?: number; parent?: Scope };

function lookup(scope: Scope, path: string[]): unknown {
  if (path.length === 0) return scope.data;
  const [head, ...rest] = path as [string, ...string[]];
  if (head === '@index') return scope.index;
  if (head === '@first') return scope.index === 0;
  if (head === '@last') return scope.count !== undefined && scope.index === scope.count - 1;
  // A name not found in a loop's item is looked up in the enclosing data.
  let at: Scope | undefined = scope;
  while (at && !hasOwn(at.data, head)) at = at.parent;
  let value = at ? (at.data as Record<string, unknown>)[head] : undefined;
  for (const part of rest)
    value = hasOwn(value, part) ? (value as Record<string, unknown>)[part] : undefined;
  return value;
}

function hasOwn(value: unknown, key: string): boolean {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, key);
}

function truthy(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : Boolean(value);
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return Array.isArray(value) ? value.map(text).join(', ') : '';
}

interface Output {
  parts: string[];
  length: number;
}

function emit(out: Output, piece: string): void {
  out.parts.push(piece);
  out.length += piece.length;
}

function renderNodes(nodes: Node[], scope: Scope, out: Output): void {
  for (const node of nodes) {
    if (out.length > MAX_RENDERED_LENGTH) return;
    if (node.kind === 'text') emit(out, node.text);
    else if (node.kind === 'value') emit(out, text(lookup(scope, node.path)));
    else if (node.kind === 'if') {
      const yes = truthy(lookup(scope, node.path)) !== node.negate;
      renderNodes(yes ? node.then : node.otherwise, scope, out);
    } else {
      const list = lookup(scope, node.path);
      if (!Array.isArray(list)) continue;
      for (let index = 0; index < list.length && out.length <= MAX_RENDERED_LENGTH; index++) {
        const item: unknown = list[index];
        renderNodes(node.body, { data: item, index, count: list.length, parent: scope }, out);
      }
    }
  }
}

/** Renders a template with the data; throws TemplateError when the template does not parse. */
export function renderTemplate(source: string, data: unknown): string {
  const out: Output = { parts: [], length: 0 };
  renderNodes(parseTemplate(source), { data }, out);
  return out.parts.join('').slice(0, MAX_RENDERED_LENGTH);
}

/** The first problem of a template, or undefined when it parses. */
export function templateProblem(source: string): TemplateProblem | undefined {
  try {
    parseTemplate(source);
    return undefined;
  } catch (err) {
    if (err instanceof TemplateError) return err.problem;
    throw err;
  }
}
