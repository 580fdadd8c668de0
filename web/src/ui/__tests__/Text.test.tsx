import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Text } from '../Text';

/** Gives `el` the widths of a line `content` pixels long in a box `box` pixels wide. */
function lay(el: HTMLElement, content: number, box: number) {
  Object.defineProperty(el, 'scrollWidth', { configurable: true, value: content });
  Object.defineProperty(el, 'clientWidth', { configurable: true, value: box });
}

describe('Text', () => {
  it('shows the whole of a text cut by its ellipsis on hover, and nothing for one that fits', async () => {
    render(
      <>
        <Text ellipsis={{ tooltip: 'shop, all of it' }}>shop</Text>
        <Text ellipsis={{ tooltip: 'billing-service-with-a-long-name' }}>billing-service…</Text>
      </>,
    );
    const fits = screen.getByText('shop');
    lay(fits, 40, 120);
    fireEvent.mouseEnter(fits);
    const cut = screen.getByText('billing-service…');
    lay(cut, 300, 120);
    fireEvent.mouseEnter(cut);

    expect((await screen.findByRole('tooltip')).textContent).toBe(
      'billing-service-with-a-long-name',
    );
    expect(screen.queryByText('shop, all of it')).toBeNull();
  });
});
