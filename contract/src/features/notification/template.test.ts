import { describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATES } from './default-templates.js';
import { NOTIFY_USES, SAMPLE_NOTICES, TEMPLATE_CHANNELS } from './notification-data.js';
import { MAX_RENDERED_LENGTH, renderTemplate, templateProblem } from './template.js';

describe('renderTemplate', () => {
  const data = {
    project: { name: 'shop' },
    ok: true,
    none: '',
    servers: [{ name: 'a' }, { name: 'b' }, { name: 'c' }],
  };

  it('fills placeholders, leaving unknown fields empty', () => {
    expect(renderTemplate('Deploy {{ project.name }}: {{project.nope}}{{missing.x}}.', data)).toBe(
      'Deploy shop: .',
    );
  });

  it('renders if, else and unless by the truth of a field (an empty list is false)', () => {
    expect(renderTemplate('{{#if ok}}yes{{else}}no{{/if}}', data)).toBe('yes');
    expect(renderTemplate('{{#if none}}yes{{else}}no{{/if}}', data)).toBe('no');
    expect(renderTemplate('{{#unless none}}empty{{/unless}}', data)).toBe('empty');
    expect(renderTemplate('{{#if nothing}}x{{/if}}', { nothing: [] })).toBe('');
  });

  it('repeats each over a list, with the item, its index, the enclosing data and @last', () => {
    const source =
      '{{#each servers}}{{@index}}:{{name}}/{{project.name}}{{#unless @last}},{{/unless}}{{/each}}';
    expect(renderTemplate(source, data)).toBe('0:a/shop,1:b/shop,2:c/shop');
    expect(renderTemplate('{{#each list}}[{{this}}]{{/each}}', { list: ['x', 'y'] })).toBe(
      '[x][y]',
    );
  });

  it('reads own data only: no prototype, constructor or inherited members', () => {
    expect(renderTemplate('{{toString}}{{project.hasOwnProperty}}', data)).toBe('');
    for (const source of ['{{__proto__}}', '{{project.constructor}}', '{{a.prototype}}']) {
      expect(templateProblem(source), source).toMatchObject({
        message: expect.stringMatching(/not a field name/),
      });
    }
  });

  it('names the line and column of what is wrong', () => {
    expect(templateProblem('line one\n  {{#if a}}x')).toEqual({
      line: 2,
      column: 3,
      message: '"#if" is never closed',
    });
    expect(templateProblem('{{/if}}')).toMatchObject({
      line: 1,
      column: 1,
      message: '"/if" closes no block',
    });
    expect(templateProblem('{{#if a}}{{/each}}')?.message).toBe(
      '"/each" found where "/if" was due',
    );
    expect(templateProblem('{{#with a}}{{/with}}')?.message).toMatch(/unknown block "#with"/);
    expect(templateProblem('{{#each a}}{{else}}{{/each}}')?.message).toBe('"else" outside #if');
    expect(templateProblem('{{a b}}')?.message).toBe('"a b" is not a field name');
    expect(templateProblem('{{ process.exit() }}')?.message).toMatch(/not a field name/);
    expect(templateProblem('{{#if a}}{{#if b}}{{/if}}{{/if}}')).toBeUndefined();
  });

  it('caps what a loop can produce', () => {
    const big = { list: Array.from({ length: 5000 }, () => 'x'.repeat(100)) };
    expect(renderTemplate('{{#each list}}{{this}}{{/each}}', big)).toHaveLength(
      MAX_RENDERED_LENGTH,
    );
  });
});

describe('the default templates', () => {
  it('parse, and render every sample field they name, for each channel and use', () => {
    for (const channel of TEMPLATE_CHANNELS) {
      for (const use of NOTIFY_USES) {
        const { title, template } = DEFAULT_TEMPLATES[channel][use];
        const rendered = renderTemplate(`${title}\n${template}`, SAMPLE_NOTICES[use]);
        expect(rendered, `${channel}/${use}`).not.toMatch(/\{\{|\}\}/);
        expect(rendered.length, `${channel}/${use}`).toBeGreaterThan(40);
      }
    }
  });

  it('tell a failed deploy with its detail from a successful one', () => {
    const failed = SAMPLE_NOTICES.deploy;
    const succeeded = {
      ...failed,
      deploy: { ...failed.deploy, succeeded: true, state: 'success', detail: '' },
    };
    for (const channel of TEMPLATE_CHANNELS) {
      const { template } = DEFAULT_TEMPLATES[channel].deploy;
      const bad = renderTemplate(template, failed);
      const good = renderTemplate(template, succeeded);
      expect(bad).toContain('fail');
      expect(bad).toContain(failed.deploy.detail);
      expect(bad).toContain('web-1 (10.0.0.11), web-2 (10.0.0.12)');
      expect(bad).toContain('Tag: v2.4.1');
      expect(good).toContain('success');
      expect(good).not.toContain('Detail');
    }
  });
});
