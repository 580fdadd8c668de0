import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { onPhone } from '../../test/onPhone';
import { PagedTable } from '../PagedTable';

interface Row {
  id: number;
  name: string;
}

const columns = [{ key: 'name', title: 'Name', dataIndex: 'name' }];
const pagination = { pageSize: 2, showTotal: (total: number) => `Total: ${total}` };

describe('PagedTable', () => {
  it('shows the rows a page at a time', () => {
    const rows = [1, 2, 3].map((id) => ({ id, name: `row ${id}` }));
    render(
      <PagedTable<Row>
        columns={columns}
        rows={rows}
        loading={false}
        pagination={pagination}
        emptyText="Nothing yet"
      />,
    );
    expect(screen.getByText('row 1', { selector: 'td' })).toBeTruthy();
    expect(screen.getByText('row 2', { selector: 'td' })).toBeTruthy();
    expect(screen.queryByText('row 3', { selector: 'td' })).toBeNull();
    expect(screen.getByText('Total: 3')).toBeTruthy();
    expect(screen.queryByText('Nothing yet')).toBeNull();
  });

  it('says it is empty once loaded, and not while loading', () => {
    const table = (loading: boolean) => (
      <PagedTable<Row>
        columns={columns}
        rows={[]}
        loading={loading}
        pagination={pagination}
        emptyText="Nothing yet"
      />
    );
    const { rerender } = render(table(true));
    expect(screen.queryByText('Nothing yet')).toBeNull();
    rerender(table(false));
    expect(screen.getByText('Nothing yet')).toBeTruthy();
  });

  it('shows a card per row on a phone, a page at a time, with the pager under them', () => {
    onPhone();
    const rows = [1, 2, 3].map((id) => ({ id, name: `row ${id}` }));
    render(
      <PagedTable<Row>
        columns={columns}
        rows={rows}
        loading={false}
        pagination={pagination}
        emptyText="Nothing yet"
        cardKeys={['name']}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('row 1')).toBeTruthy();
    expect(screen.getByText('row 2')).toBeTruthy();
    expect(screen.queryByText('row 3')).toBeNull();
    expect(screen.getByText('Total: 3')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    expect(screen.getByText('row 3')).toBeTruthy();
    expect(screen.queryByText('row 1')).toBeNull();
  });

  it('says on a phone that there are no rows once loaded', () => {
    onPhone();
    render(
      <PagedTable<Row>
        columns={columns}
        rows={[]}
        loading={false}
        pagination={false}
        emptyText="Nothing yet"
        cardKeys={['name']}
      />,
    );
    expect(screen.getByText('Nothing yet')).toBeTruthy();
  });
});
