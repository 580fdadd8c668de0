import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ListPage } from '../ListPage';
import { onPhone } from '../../test/onPhone';
import { PagedTable } from '../PagedTable';
import { RowActions } from '../RowActions';

interface Row {
  id: number;
  name: string;
  host: string;
}

const ROWS: Row[] = [
  { id: 1, name: 'web-1', host: '10.0.0.1' },
  { id: 2, name: 'db-1', host: '10.0.0.2' },
];

const columns = [
  { key: 'name', title: 'Name', dataIndex: 'name' },
  { key: 'host', title: 'Address', dataIndex: 'host' },
  {
    key: 'actions',
    title: 'Actions',
    render: (_: unknown, row: Row) => (
      <RowActions
        links={[{ key: 'edit', label: 'Edit', icon: null, onClick: () => undefined }]}
        subject={row.name}
      />
    ),
  },
];

function page(props: {
  loading?: boolean;
  error?: Error;
  onRetry?: () => void;
  /** A list of cards instead of the table (the deploy page's other view). */
  cards?: boolean;
}) {
  return (
    <ListPage
      title="Servers"
      subtitle="The machines"
      extra={<button type="button">Add server</button>}
      filters={<input aria-label="Search by name" />}
      reloading={false}
      onReload={() => undefined}
      error={
        props.error
          ? { title: 'Could not load', error: props.error, onRetry: props.onRetry ?? vi.fn() }
          : undefined
      }
    >
      {props.cards ? (
        <ul aria-label="Server cards" />
      ) : (
        <PagedTable<Row>
          columns={columns}
          rows={props.loading ? [] : ROWS}
          loading={props.loading ?? false}
          pagination={false}
          emptyText="No servers"
          cardKeys={['name', 'host']}
        />
      )}
    </ListPage>
  );
}

describe('ListPage', () => {
  it('keeps the title, description and primary action while the list loads', () => {
    render(page({ loading: true }));
    expect(screen.getByRole('heading', { name: 'Servers' })).toBeTruthy();
    expect(screen.getByText('The machines')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add server' })).toBeTruthy();
    expect(screen.getByLabelText('Search by name')).toBeTruthy();
    expect(document.querySelector('.ant-spin-spinning')).toBeTruthy();
  });

  it('shows a failed load once, inline, with a retry, and keeps the header', () => {
    const retry = vi.fn();
    render(page({ error: new Error('Database is down'), onRetry: retry }));
    expect(screen.getByText('Could not load')).toBeTruthy();
    expect(screen.getAllByText('Database is down')).toHaveLength(1);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add server' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('hides a column the reader unticks, and brings it back', async () => {
    render(page({}));
    expect(screen.getByText('10.0.0.1', { selector: 'td' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Columns' }));
    const group = await screen.findByRole('group', { name: 'Columns' });
    // Neither the first column nor the actions can be hidden.
    expect(within(group).queryByText('Name')).toBeNull();
    expect(within(group).queryByText('Actions')).toBeNull();
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Address' }));
    expect(screen.queryByText('10.0.0.1', { selector: 'td' })).toBeNull();
    fireEvent.click(within(group).getByRole('button', { name: 'Show all columns' }));
    expect(screen.getByText('10.0.0.1', { selector: 'td' })).toBeTruthy();
  });

  it('changes the row density', async () => {
    render(page({}));
    expect(document.querySelector('.ant-table-medium')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Row density' }));
    fireEvent.click(await screen.findByText('Compact'));
    expect(document.querySelector('.ant-table-small')).toBeTruthy();
  });

  it('offers density and columns only while a table shows', async () => {
    const { rerender } = render(page({}));
    expect(await screen.findByRole('button', { name: 'Row density' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Columns' })).toBeTruthy();
    rerender(page({ cards: true }));
    expect(screen.getByRole('list', { name: 'Server cards' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Row density' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Columns' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
    rerender(page({}));
    expect(await screen.findByRole('button', { name: 'Columns' })).toBeTruthy();
  });

  it('shows cards with a ⋯ menu on a phone, the filters behind a Filter button', async () => {
    onPhone();
    render(page({}));
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('The machines')).toBeNull();
    expect(screen.getByText('web-1')).toBeTruthy();
    expect(screen.getByText('10.0.0.2')).toBeTruthy();
    expect(screen.queryByLabelText('Search by name')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Filter/ }));
    expect(screen.getByLabelText('Search by name')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'More actions for db-1' }));
    expect(await screen.findByRole('menuitem', { name: /Edit/ })).toBeTruthy();
  });
});
