import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QrTool } from '../tools/QrTool';

const generate = () => fireEvent.click(screen.getByRole('button', { name: 'Generate' }));

describe('QrTool', () => {
  afterEach(() => vi.restoreAllMocks());

  it('draws the text at the default 200 pixels and downloads it as qrcode.png', async () => {
    // jsdom has no canvas drawing: stand in for the PNG encoder and catch the download click.
    const toDataURL = vi
      .spyOn(HTMLCanvasElement.prototype, 'toDataURL')
      .mockReturnValue('data:image/png;base64,AAAA');
    const saved: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this);
    });
    render(<QrTool />);
    expect(screen.getByLabelText<HTMLInputElement>('Size (px)').value).toBe('200');
    fireEvent.change(screen.getByLabelText('Text to encode'), {
      target: { value: 'https://example.com' },
    });
    generate();
    const code = await screen.findByRole<HTMLCanvasElement>('img', { name: 'QR code' });
    expect(code.tagName).toBe('CANVAS');
    expect(code.getAttribute('width')).toBe('200');
    fireEvent.click(screen.getByRole('button', { name: /Download PNG/ }));
    expect(toDataURL).toHaveBeenCalledWith('image/png');
    expect(saved.map((a) => [a.download, a.getAttribute('href')])).toEqual([
      ['qrcode.png', 'data:image/png;base64,AAAA'],
    ]);
  });

  it('says "No input text" for an empty text', async () => {
    render(<QrTool />);
    fireEvent.change(screen.getByLabelText('Text to encode'), { target: { value: '   ' } });
    generate();
    expect((await screen.findByRole('alert')).textContent).toBe('No input text');
    expect(screen.queryByRole('img', { name: 'QR code' })).toBeNull();
  });

  it('explains a text too long for a QR code', async () => {
    render(<QrTool />);
    fireEvent.change(screen.getByLabelText('Text to encode'), {
      target: { value: 'x'.repeat(3000) },
    });
    generate();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The text is too long for a QR code: it is 3000 bytes, and level M holds at most 2331.',
    );
  });

  it('refuses a size outside 50-1000', async () => {
    render(<QrTool />);
    fireEvent.change(screen.getByLabelText('Text to encode'), { target: { value: 'hello' } });
    fireEvent.change(screen.getByLabelText('Size (px)'), { target: { value: '20' } });
    generate();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The size must be a whole number of pixels from 50 to 1000.',
    );
  });
});
