import { EditorState } from '@uiw/react-codemirror';
import { describe, expect, it } from 'vitest';
import { markedLine, markedLineField, setMarkedLine } from '../components/markedLine';
import { failureLine, readTestFailure } from '../utils/testFailure';

const OUTPUT =
  'nginx: [emerg] unexpected "}" in /home/deploy/nginx/conf/sites/app.conf:7\n' +
  'nginx: configuration file /home/deploy/nginx/conf/nginx.conf test failed';

describe('a failed nginx test', () => {
  it('takes the file and line the server names', () => {
    const f = readTestFailure({ output: OUTPUT, file: '/etc/nginx/a.conf', line: 3 });
    expect(f).toEqual({ output: OUTPUT, file: '/etc/nginx/a.conf', line: 3 });
  });

  it('reads them from nginx’s message when the server names none', () => {
    const f = readTestFailure({ output: OUTPUT, file: '', line: 0 });
    expect(f.file).toBe('/home/deploy/nginx/conf/sites/app.conf');
    expect(f.line).toBe(7);
  });

  it('has no line for a message without a location, nor for data of another shape', () => {
    expect(readTestFailure({ output: 'nginx: [emerg] open() failed' })).toMatchObject({
      file: '',
      line: 0,
    });
    expect(readTestFailure(null)).toEqual({ output: '', file: '', line: 0 });
  });

  it('marks the line only when the failing file is the open one', () => {
    const f = readTestFailure({ output: OUTPUT, file: '', line: 0 });
    expect(failureLine(f, '/home/deploy/nginx/conf/sites//app.conf')).toBe(7);
    expect(failureLine(f, '/home/deploy/nginx/conf/sites/other.conf')).toBeUndefined();
    expect(failureLine({ output: '', file: '', line: 0 }, '/a.conf')).toBeUndefined();
  });

  it('puts the mark on that line of the editor, moves it with edits and clears it', () => {
    const doc = ['server {', '  listen 80;', '  oops', '}'].join('\n');
    let state = EditorState.create({ doc, extensions: [markedLineField] });
    state = state.update({ effects: setMarkedLine.of(3) }).state;
    expect(markedLine({ state })).toBe(3);
    state = state.update({ changes: { from: 0, insert: '# top\n' } }).state;
    expect(markedLine({ state })).toBe(4);
    state = state.update({ effects: setMarkedLine.of(0) }).state;
    expect(markedLine({ state })).toBeUndefined();
    state = state.update({ effects: setMarkedLine.of(99) }).state;
    expect(markedLine({ state })).toBeUndefined();
  });
});
