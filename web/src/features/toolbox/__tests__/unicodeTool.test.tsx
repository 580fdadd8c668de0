import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../platform';
import { UnicodeTool } from '../tools/UnicodeTool';

describe('UnicodeTool', () => {
  it('decodes escapes as typed and counts the unreadable ones', () => {
    render(
      <AppProviders>
        <UnicodeTool />
      </AppProviders>,
    );
    const input = screen.getByLabelText('Text with \\uXXXX escapes');
    const output = () => screen.getByLabelText<HTMLTextAreaElement>('Decoded text').value;
    fireEvent.change(input, { target: { value: '\\u4E2D\\u6587 \\ud83d\\ude00 \\u{1F600}' } });
    expect(output()).toBe('中文 😀 😀');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(input, { target: { value: 'A\\u0041 \\uZZZZ \\u12' } });
    expect(output()).toBe('AA \\uZZZZ \\u12');
    expect(screen.getByRole('alert').textContent).toBe(
      '2 escapes could not be read and were left as written',
    );
    fireEvent.change(input, { target: { value: '\\ud83d' } });
    expect(screen.getByRole('alert').textContent).toBe(
      '1 escape could not be read and was left as written',
    );
  });
});
