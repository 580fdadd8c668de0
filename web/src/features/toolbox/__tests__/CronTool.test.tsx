import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../platform';
import { pressEnter } from './pressEnter';
import { CronTool } from '../tools/CronTool';

/** Types `expression` and submits it with Enter. */
function describeByEnter(expression: string, label = 'Cron expression') {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value: expression } });
  pressEnter(input);
}

describe('CronTool', () => {
  afterEach(async () => {
    await applyLanguage('en');
  });

  it('describes an expression with the >> button and lists the next five runs', () => {
    render(<CronTool descriptionLanguage="ui" />);
    expect(screen.getByPlaceholderText('* * * * ?')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Cron expression'), {
      target: { value: '0 0-23/2 * * *' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Describe the expression' }));
    expect(screen.getByText(/every 2 hours/)).toBeTruthy();
    const runs = within(screen.getByRole('list', { name: 'Next 5 runs (local time)' }));
    const times = runs.getAllByRole('listitem').map((li) => li.textContent ?? '');
    expect(times).toHaveLength(5);
    for (const time of times) expect(time).toMatch(/^\d{4}-\d\d-\d\d (\d\d):00:00$/);
    expect(times.map((time) => Number(time.slice(11, 13)) % 2)).toEqual([0, 0, 0, 0, 0]);
  });

  it.each([
    ['', 'Expression is empty'],
    ['* * * *', 'Expression has only 4 parts. At least 5 parts are required.'],
    ['0 0 0 1 1 ? 2030 5', 'Expression has 8 parts; too many!'],
    [
      'a b c d e',
      'An error occured when generating the expression description. Check the cron expression syntax.',
    ],
  ])('answers %j with %j on Enter', (expression, message) => {
    render(<CronTool descriptionLanguage="ui" />);
    describeByEnter(expression);
    expect(screen.getByRole('alert').textContent).toContain(message);
    expect(screen.queryByRole('list', { name: 'Next 5 runs (local time)' })).toBeNull();
  });

  it('names the field whose value is out of range', () => {
    render(<CronTool descriptionLanguage="ui" />);
    describeByEnter('* 24 * * *');
    expect(screen.getByRole('alert').textContent).toContain(
      'The hour field takes 0-23; 24 is outside.',
    );
  });

  it('says when the scheduler finds no run', () => {
    render(<CronTool descriptionLanguage="ui" />);
    describeByEnter('0 0 31 2 *');
    expect(screen.getByText(/No upcoming run/)).toBeTruthy();
  });

  it('lists the five fields and the special characters', () => {
    render(<CronTool descriptionLanguage="ui" />);
    for (const text of [
      'minute 0-59',
      'hour 0-23',
      'day 1-31',
      'month 1-12',
      'week 0-7, 0 is Sunday',
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(
      screen.getByText(/0-23\/2 in hours is every two hours, \*\/10 in minutes every ten minutes/),
    ).toBeTruthy();
  });

  it('describes in Chinese on the Tools page while the messages stay English', () => {
    render(<CronTool descriptionLanguage="zh_CN" />);
    describeByEnter('* * * * *');
    expect(screen.getByText('每分钟')).toBeTruthy();
    describeByEnter('');
    expect(screen.getByRole('alert').textContent).toContain('Expression is empty');
  });

  it('follows a Chinese interface in the dialog, messages included', async () => {
    await applyLanguage('zh-CN');
    render(<CronTool descriptionLanguage="ui" />);
    describeByEnter('*/10 * * * *', 'Cron 表达式');
    expect(screen.getByText('每隔 10 分钟')).toBeTruthy();
    describeByEnter('* * *', 'Cron 表达式');
    expect(screen.getByRole('alert').textContent).toContain(
      '表达式只有 3 个部分，至少需要 5 个部分。',
    );
  });
});
