import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loggedIn } from '../../../test/loggedIn';
import { renderApp } from '../../../test/renderApp';
import { withNamespaceExample } from '../utils/openApiDocument';

describe('ApiReferencePage', () => {
  it('says the reference could not be loaded, with a retry, when the document is refused', async () => {
    loggedIn({
      routes: { '/openapi.json': [{ code: 2, message: 'The document is unavailable' }] },
    });
    renderApp('/user/api');
    expect(await screen.findByRole('heading', { name: 'API reference' })).toBeTruthy();
    expect(await screen.findByText('The API reference could not be loaded')).toBeTruthy();
    expect(screen.getByText('The document is unavailable')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('withNamespaceExample', () => {
  it('fills the namespace header with the namespace the member works in, leaving the document as it was', () => {
    const doc = {
      openapi: '3.1.1',
      components: {
        parameters: {
          namespace: { name: 'G-N-ID', in: 'header' },
          namespaceOptional: { name: 'G-N-ID', in: 'header' },
          other: { name: 'page', in: 'query' },
        },
      },
    };
    const filled = withNamespaceExample(doc, 7);
    expect(filled.components?.parameters).toEqual({
      namespace: { name: 'G-N-ID', in: 'header', example: 7 },
      namespaceOptional: { name: 'G-N-ID', in: 'header', example: 7 },
      other: { name: 'page', in: 'query' },
    });
    expect(doc.components.parameters.namespace).toEqual({ name: 'G-N-ID', in: 'header' });
  });
});
