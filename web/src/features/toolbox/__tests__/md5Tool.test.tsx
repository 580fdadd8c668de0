import { createHash } from 'node:crypto';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../platform';
import { Md5Tool } from '../tools/Md5Tool';

const md5 = (data: string | Uint8Array) => createHash('md5').update(data).digest('hex');
const valueOf = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value;

/** Drops `file` on the tool, as the file chooser does. */
function choose(file: File) {
  const input = document.querySelector('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
}

/** A file whose chunks arrive only when the test says so, to watch progress and cancel. */
function slowFile(name: string, chunks: number) {
  const file = new File([new Uint8Array(chunks * 2 * 1024 * 1024)], name);
  const waiting: Array<() => void> = [];
  Object.defineProperty(file, 'slice', {
    value: () => ({
      arrayBuffer: () =>
        new Promise<ArrayBuffer>((resolve) => waiting.push(() => resolve(new ArrayBuffer(8)))),
    }),
  });
  const release = () => act(async () => waiting.shift()?.());
  return { file, release };
}

describe('Md5Tool', () => {
  beforeEach(() => {
    render(
      <AppProviders>
        <Md5Tool />
      </AppProviders>,
    );
  });

  it('hashes the UTF-8 bytes of the text as typed, in lowercase hex', () => {
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: '中文' } });
    expect(valueOf('MD5 of the text')).toBe(md5(Buffer.from('中文', 'utf8')));
    expect(valueOf('MD5 of the text')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('hashes a chosen file in the browser', async () => {
    const bytes = new Uint8Array(3 * 1024 * 1024).map((_, i) => i % 256);
    choose(new File([bytes], 'data.bin'));
    const result = await screen.findByLabelText('MD5 of data.bin');
    expect((result as HTMLInputElement).value).toBe(md5(bytes));
  });

  it('shows progress while reading and stops on cancel', async () => {
    const { file, release } = slowFile('big.iso', 4);
    choose(file);
    expect(await screen.findByText('Reading big.iso')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    await release();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Stopped reading big.iso')).toBeTruthy();
    await release();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByLabelText('MD5 of big.iso')).toBeNull();
  });
});
