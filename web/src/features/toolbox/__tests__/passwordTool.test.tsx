import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../platform';
import { PasswordTool } from '../tools/PasswordTool';

const lengthBox = () => screen.getByRole('spinbutton', { name: 'Length' });
const setLength = (value: string) => fireEvent.change(lengthBox(), { target: { value } });
const generate = () => screen.getByRole('button', { name: 'Generate' });
const password = () => screen.getByLabelText<HTMLInputElement>('Generated password').value;
const charset = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });

describe('PasswordTool', () => {
  beforeEach(() => {
    render(
      <AppProviders>
        <PasswordTool />
      </AppProviders>,
    );
  });

  it('generates 8 letters and digits by default', () => {
    expect((lengthBox() as HTMLInputElement).value).toBe('8');
    expect(['A-Z', 'a-z', '0-9'].map((n) => charset(n).checked)).toEqual([true, true, true]);
    expect(charset('!@#$%^&*').checked).toBe(false);
    fireEvent.click(generate());
    expect(password()).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(password()).toMatch(/[A-Z]/);
    expect(password()).toMatch(/[a-z]/);
    expect(password()).toMatch(/[0-9]/);
    expect(screen.getByRole('button', { name: 'Copy: Generated password' })).toBeTruthy();
  });

  it('uses the chosen sets and length, one character of each at least', () => {
    fireEvent.click(charset('!@#$%^&*'));
    setLength('4');
    fireEvent.click(generate());
    expect(password()).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*[0-9])(?=.*[!@#$%^&*]).{4}$/);
    setLength('40');
    fireEvent.click(generate());
    expect(password()).toHaveLength(40);
  });

  it.each(['0', '41'])('refuses a length of %s with a message', (value) => {
    setLength(value);
    expect(screen.getByRole('alert').textContent).toBe('The length is a whole number from 1 to 40');
    expect(generate().hasAttribute('disabled')).toBe(true);
  });

  it('needs at least one set of characters', () => {
    for (const name of ['A-Z', 'a-z', '0-9']) fireEvent.click(charset(name));
    expect(screen.getByRole('alert').textContent).toBe('Choose at least one set of characters');
    expect(generate().hasAttribute('disabled')).toBe(true);
  });
});
