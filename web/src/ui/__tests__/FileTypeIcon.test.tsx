import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FileTypeIcon } from '../FileTypeIcon';

describe('FileTypeIcon', () => {
  it('draws a different icon per kind, and a plain file for the unknown', () => {
    const { container } = render(
      <>
        <FileTypeIcon name="a.zip" />
        <FileTypeIcon name="a.xlsx" />
        <FileTypeIcon name="a.weird" />
      </>,
    );
    const icons = [...container.querySelectorAll('[data-kind]')];
    expect(icons.map((i) => i.getAttribute('data-kind'))).toEqual([
      'archive',
      'spreadsheet',
      'unknown',
    ]);
    expect(icons.map((i) => i.getAttribute('aria-label'))).toEqual([
      'file-zip',
      'file-excel',
      'file',
    ]);
  });
});
