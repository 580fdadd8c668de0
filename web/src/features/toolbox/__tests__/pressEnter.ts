import { fireEvent } from '@testing-library/react';

/**
 * Presses and releases Enter in `input`: antd ignores a second Enter until the first key is
 * released, as a held key would otherwise submit again and again.
 */
export function pressEnter(input: Element): void {
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.keyUp(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}
