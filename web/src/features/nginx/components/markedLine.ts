import {
  Decoration,
  EditorView,
  GutterMarker,
  RangeSet,
  StateEffect,
  StateField,
  gutter,
  type DecorationSet,
  type Extension,
} from '@uiw/react-codemirror';

/** Marks one line (1-based), or clears the mark with 0. */
export const setMarkedLine = StateEffect.define<number>();

class ErrorMarker extends GutterMarker {
  override elementClass = 'ferry-nginx-error-marker';
  override toDOM() {
    const dot = document.createElement('span');
    dot.textContent = '●';
    dot.setAttribute('aria-hidden', 'true');
    return dot;
  }
}

const errorMarker = new ErrorMarker();
const lineMark = Decoration.line({
  class: 'ferry-nginx-error-line',
  attributes: { 'data-error-line': 'true' },
});

interface Marks {
  lines: DecorationSet;
  gutter: RangeSet<GutterMarker>;
}

const NO_MARKS: Marks = {
  lines: Decoration.none,
  gutter: RangeSet.empty as RangeSet<GutterMarker>,
};

/**
 * The marked line: a line decoration and a gutter marker at its start. They move with edits
 * above them, and a new effect replaces them.
 */
export const markedLineField = StateField.define<Marks>({
  create: () => NO_MARKS,
  update(marks, tr) {
    let next = tr.docChanged
      ? { lines: marks.lines.map(tr.changes), gutter: marks.gutter.map(tr.changes) }
      : marks;
    for (const e of tr.effects) {
      if (!e.is(setMarkedLine)) continue;
      if (e.value <= 0 || e.value > tr.state.doc.lines) {
        next = NO_MARKS;
        continue;
      }
      const from = tr.state.doc.line(e.value).from;
      next = {
        lines: Decoration.set([lineMark.range(from)]),
        gutter: RangeSet.of([errorMarker.range(from)]),
      };
    }
    return next;
  },
  provide: (f) => EditorView.decorations.from(f, (m) => m.lines),
});

/** The 1-based line now marked in `state`, if any (its first marked line). */
export function markedLine(view: Pick<EditorView, 'state'>): number | undefined {
  const cursor = view.state.field(markedLineField).lines.iter();
  return cursor.value ? view.state.doc.lineAt(cursor.from).number : undefined;
}

/** The field, its gutter and the colours of both. */
export function markedLineExtension(dark: boolean): Extension {
  return [
    markedLineField,
    gutter({
      class: 'ferry-nginx-error-gutter',
      markers: (v) => v.state.field(markedLineField).gutter,
    }),
    EditorView.theme({
      '.ferry-nginx-error-line': {
        backgroundColor: dark ? 'rgba(255, 77, 79, 0.22)' : 'rgba(255, 77, 79, 0.14)',
      },
      '.ferry-nginx-error-gutter': { width: '14px' },
      '.ferry-nginx-error-marker': { color: '#ff4d4f', textAlign: 'center' },
    }),
  ];
}

/** Marks `line` of `view` (0 clears) and scrolls it to the middle of the editor. */
export function showMarkedLine(view: EditorView, line: number): void {
  const inRange = line > 0 && line <= view.state.doc.lines;
  view.dispatch({
    effects: [
      setMarkedLine.of(inRange ? line : 0),
      ...(inRange
        ? [EditorView.scrollIntoView(view.state.doc.line(line).from, { y: 'center' })]
        : []),
    ],
  });
}
