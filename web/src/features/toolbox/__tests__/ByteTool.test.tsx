import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pressEnter } from './pressEnter';
import { ByteTool } from '../tools/ByteTool';

const result = () => screen.getByLabelText<HTMLInputElement>('Readable size');

/** Picks `unit` in the unit select. */
function chooseUnit(unit: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Unit' }));
  const list = screen.getByRole('listbox');
  fireEvent.click(within(list.parentElement ?? list).getByTitle(unit));
}

describe('ByteTool', () => {
  it('writes the readable size on Enter', () => {
    render(<ByteTool />);
    const input = screen.getByLabelText('Size');
    fireEvent.change(input, { target: { value: '1536' } });
    pressEnter(input);
    expect(result().value).toBe('1.5 KB');
    expect(result().readOnly).toBe(true);
  });

  it('applies the unit with the >> button', () => {
    render(<ByteTool />);
    fireEvent.change(screen.getByLabelText('Size'), { target: { value: '2048' } });
    chooseUnit('MB');
    fireEvent.click(screen.getByRole('button', { name: 'Convert to a readable size' }));
    expect(result().value).toBe('2 GB');
  });

  it('explains non-numeric and negative input and clears the result', () => {
    render(<ByteTool />);
    const input = screen.getByLabelText('Size');
    fireEvent.change(input, { target: { value: '1024' } });
    pressEnter(input);
    fireEvent.change(input, { target: { value: '12abc' } });
    pressEnter(input);
    expect(screen.getByRole('alert').textContent).toBe(
      'Not a number: enter digits such as 1536 or 1.5.',
    );
    expect(result().value).toBe('');
    fireEvent.change(input, { target: { value: '-1' } });
    pressEnter(input);
    expect(screen.getByRole('alert').textContent).toBe('A size cannot be negative.');
  });
});
