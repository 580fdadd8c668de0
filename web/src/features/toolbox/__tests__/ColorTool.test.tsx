import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pressEnter } from './pressEnter';
import { ColorTool } from '../tools/ColorTool';

const valueOf = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value;

function enter(label: string, value: string) {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  pressEnter(input);
}

describe('ColorTool', () => {
  it('turns hex into rgb on Enter and paints a swatch', () => {
    render(<ColorTool />);
    expect(screen.getByPlaceholderText('#FFFFFF')).toBeTruthy();
    enter('Hex colour', '#1e90ff');
    expect(valueOf('RGB value')).toBe('rgb(30, 144, 255)');
    expect(screen.getByRole('img', { name: 'Colour preview rgb(30, 144, 255)' })).toBeTruthy();
  });

  it.each(['#abc', '#GGGGGG'])('gives rgb(0, 0, 0) for %s and says why', (hex) => {
    render(<ColorTool />);
    enter('Hex colour', hex);
    expect(valueOf('RGB value')).toBe('rgb(0, 0, 0)');
    expect(screen.getByRole('alert').textContent).toBe(
      'Not six hex digits, so the result is rgb(0, 0, 0).',
    );
  });

  it('turns rgb into uppercase hex with the >> button', () => {
    render(<ColorTool />);
    expect(screen.getByPlaceholderText('(255,255,255)')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('RGB colour'), {
      target: { value: 'rgb(171, 205, 239)' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Convert RGB to hex' }));
    expect(valueOf('Hex value')).toBe('#ABCDEF');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('clamps (300,0,0) and says so', () => {
    render(<ColorTool />);
    enter('RGB colour', '(300,0,0)');
    expect(valueOf('Hex value')).toBe('#FF0000');
    expect(screen.getByRole('alert').textContent).toBe('Clamped to 0-255: red 300 → 255.');
  });

  it('explains an input it cannot read', () => {
    render(<ColorTool />);
    enter('RGB colour', '(1,2)');
    expect(valueOf('Hex value')).toBe('');
    expect(screen.getByRole('alert').textContent).toMatch(/^Enter three whole numbers/);
  });
});
