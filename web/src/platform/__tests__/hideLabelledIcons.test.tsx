import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { render, screen, waitFor } from '@testing-library/react';
import { Button } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { hideLabelledIcons } from '../a11y/hideLabelledIcons';

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('hideLabelledIcons', () => {
  it('names a button with text by its text alone, also for buttons added later', async () => {
    const view = render(<Button icon={<PlusOutlined />}>Add project</Button>);
    stop = hideLabelledIcons();
    expect(screen.getByRole('button', { name: 'Add project' })).toBeTruthy();
    view.rerender(
      <>
        <Button icon={<PlusOutlined />}>Add project</Button>
        <Button icon={<KeyOutlined />}>Console public key</Button>
      </>,
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Console public key' })).toBeTruthy(),
    );
  });

  it('keeps the icon as the name of a button that has nothing else', () => {
    render(<Button icon={<KeyOutlined />} />);
    stop = hideLabelledIcons();
    expect(screen.getByRole('button', { name: 'key' })).toBeTruthy();
  });
});
