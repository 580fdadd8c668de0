import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QrTool } from '../tools/QrTool';

const generate = () => fireEvent.click(screen.getByRole('button', { name: 'Generate' }));

describe('QrTool', () => {
  it('draws the text at the default 200 pixels and offers it as a PNG download', async () => {
    render(<QrTool />);
    expect(screen.getByLabelText<HTMLInputElement>('Size (px)').value).toBe('200');
    fireEvent.change(screen.getByLabelText('Text to encode'), {
      target: { value: 'https://example.com' },
    });
    generate();
    const image = await screen.findByRole<HTMLImageElement>('img', { name: 'QR code' });
    expect(image.src).toMatch(/^data:image\/png;base64,/);
    expect(image.getAttribute('width')).toBe('200');
    const download = screen.getByRole('link', { name: /Download PNG/ });
    expect(download.getAttribute('href')).toBe(image.src);
    expect(download.getAttribute('download')).toBe('qrcode.png');
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
