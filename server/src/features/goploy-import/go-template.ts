import type { NotifyUse } from '@ferry/contract';

/**
 * goploy's notification data (`.Project.Name`, …) as the console's templates name it. Only what
 * both sides have: a goploy field the console's data lacks leaves the template untranslated.
 */
const FIELDS: Record<NotifyUse, Record<string, string>> = {
  deploy: {
    '.Project.Name': 'project.name',
    '.Project.Branch': 'project.branch',
    '.Project.Path': 'project.path',
    '.Project.PublisherName': 'deploy.publisher',
    '.Project.LastPublishToken': 'deploy.token',
    '.CommitInfo.Author': 'commit.author',
    '.CommitInfo.Tag': 'commit.tag',
    '.CommitInfo.Branch': 'commit.branch',
    '.CommitInfo.Commit': 'commit.id',
    '.CommitInfo.Message': 'commit.message',
    '.DeployDetail': 'deploy.detail',
  },
  monitor: { '.Monitor.Name': 'monitor.name', '.ErrorMsg': 'error' },
  server_monitor: {
    '.Server.Name': 'server.name',
    '.Server.IP': 'server.host',
    '.Server.Description': 'server.description',
    '.ServerMonitor.Item': 'rule.item',
    '.ServerMonitor.Formula': 'rule.formula',
    '.ServerMonitor.Operator': 'rule.operator',
    '.ServerMonitor.Value': 'rule.value',
    '.CycleValue': 'cycleValue',
  },
};

/** Inside `{{ range .ProjectServers }}`: one bound server. */
const SERVER_FIELDS: Record<string, string> = {
  '.Server.Name': 'name',
  '.Server.IP': 'host',
  '.Server.Description': 'description',
};

/** A Go action: `{{ body }}`, with `{{- ` and ` -}}` trimming the text beside it. */
const ACTION = /\{\{(-\s)?\s*([\s\S]*?)\s*(\s-)?\}\}/g;
const WORD = /"(?:[^"\\]|\\.)*"|\S+/g;

type Block = 'if' | 'unless' | 'each';

class Untranslatable extends Error {}

/**
 * goploy's Go text/template in the console's template language, for the vocabulary goploy's own
 * templates use: fields, `if` on a field (or `eq`/`ne` with "" and `.DeployState 2`), `else`,
 * `range .ProjectServers` and comments. Anything else (functions, pipes, `with`, variables)
 * answers the first action it cannot carry.
 */
export function fromGoTemplate(
  source: string,
  use: NotifyUse,
): { text: string } | { problem: string } {
  const out: string[] = [];
  const stack: Block[] = [];
  let last = 0;
  let trimNext = false;
  try {
    for (const m of source.matchAll(ACTION)) {
      let before = source.slice(last, m.index);
      if (trimNext) before = before.trimStart();
      if (m[1]) before = before.trimEnd();
      out.push(before);
      last = m.index + m[0].length;
      trimNext = m[3] !== undefined;
      const body = m[2]!;
      if (body.startsWith('/*')) continue;
      const inEach = stack.includes('each');
      const field = (word: string | undefined) => {
        const name = word && ((inEach ? SERVER_FIELDS[word] : undefined) ?? FIELDS[use][word]);
        if (!name) throw new Untranslatable(`{{ ${body} }}`);
        return name;
      };
      const words = body.match(WORD) ?? [];
      const [head, ...rest] = words;
      if (head === 'if') {
        const [block, path] = condition(rest, inEach, field);
        if (!block) throw new Untranslatable(`{{ ${body} }}`);
        stack.push(block);
        out.push(`{{#${block} ${path}}}`);
      } else if (head === 'else' && rest.length === 0 && stack.at(-1) !== 'each') {
        if (stack.length === 0) throw new Untranslatable(`{{ ${body} }}`);
        out.push('{{else}}');
      } else if (head === 'end' && rest.length === 0 && stack.length > 0) {
        out.push(`{{/${stack.pop()!}}}`);
      } else if (head === 'range' && use === 'deploy' && rest.join(' ') === '.ProjectServers') {
        stack.push('each');
        out.push('{{#each servers}}');
      } else if (words.length === 1 && head!.startsWith('.')) {
        out.push(`{{${field(head)}}}`);
      } else {
        throw new Untranslatable(`{{ ${body} }}`);
      }
    }
  } catch (err) {
    if (!(err instanceof Untranslatable)) throw err;
    return { problem: `${err.message} has no counterpart in the console's templates` };
  }
  if (stack.length > 0) return { problem: `an {{ ${stack.at(-1)} }} is not closed` };
  let rest = source.slice(last);
  if (trimNext) rest = rest.trimStart();
  out.push(rest);
  return { text: out.join('') };
}

/** An `if` condition as a block and the field it reads; [undefined] when there is none. */
function condition(
  words: string[],
  inEach: boolean,
  field: (word: string | undefined) => string,
): [Block, string] | [undefined] {
  const [op, a, b] = words;
  if (words.length === 1) return ['if', field(op)];
  if (words.length !== 3) return [undefined];
  if (a === '.DeployState' && b === '2') {
    return op === 'eq'
      ? ['if', 'deploy.succeeded']
      : op === 'ne'
        ? ['unless', 'deploy.succeeded']
        : [undefined];
  }
  // goploy's server list shows `name(ip)` unless the name is the IP: the console's data always has
  // both, so the name decides (a server named by its IP shows it twice).
  if (inEach && op === 'ne' && a === '.Server.Name' && b === '.Server.IP') return ['if', 'name'];
  if (b !== '""') return [undefined];
  return op === 'ne' ? ['if', field(a)] : op === 'eq' ? ['unless', field(a)] : [undefined];
}
