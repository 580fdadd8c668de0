import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../platform';
import { UriTool } from '../tools/UriTool';

describe('UriTool', () => {
  it('decodes, keeps + unless asked, and names the position of a bad sequence', () => {
    render(
      <AppProviders>
        <UriTool />
      </AppProviders>,
    );
    const input = screen.getByLabelText('Encoded URI');
    const output = () => screen.getByLabelText<HTMLTextAreaElement>('Decoded text').value;
    fireEvent.change(input, { target: { value: 'q=%E4%B8%AD+%2B1' } });
    expect(output()).toBe('q=中++1');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Treat + as space' }));
    expect(output()).toBe('q=中 +1');
    fireEvent.change(input, { target: { value: '100%' } });
    expect(screen.getByRole('alert').textContent).toBe(
      'At character 4: “%” is not % followed by two hex digits',
    );
    expect(output()).toBe('');
    fireEvent.change(input, { target: { value: 'ab%E4%B8' } });
    expect(screen.getByRole('alert').textContent).toBe(
      'At character 3: “%E4%B8” is not valid UTF-8',
    );
  });
});
