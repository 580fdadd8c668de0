import {
  renderTemplate,
  SAMPLE_NOTICES,
  templateProblem,
  type NotifyUse,
  type TemplateProblem,
} from '@ferry/contract/client';

/** What the editor knows of one text: its first problem, or how it renders with sample data. */
export type TemplateCheck =
  | { kind: 'empty' }
  | { kind: 'problem'; problem: TemplateProblem }
  | { kind: 'rendered'; text: string }
  /** It parses but does not render (its output grew past the limit). */
  | { kind: 'failed'; message: string };

/** Checks a title or template as the server will, and renders it with the use's sample data. */
export function checkTemplate(source: string, use: NotifyUse): TemplateCheck {
  if (source.trim() === '') return { kind: 'empty' };
  const problem = templateProblem(source);
  if (problem) return { kind: 'problem', problem };
  try {
    return { kind: 'rendered', text: renderTemplate(source, SAMPLE_NOTICES[use]) };
  } catch (e) {
    return { kind: 'failed', message: e instanceof Error ? e.message : String(e) };
  }
}
