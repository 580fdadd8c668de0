import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
