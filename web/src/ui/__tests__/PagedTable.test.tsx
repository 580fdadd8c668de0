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
const threeRows = [1, 2, 3].map((id) => ({ id, name: `row ${id}` }));

/** The table under test, empty and loaded unless told otherwise. */
function table(props: {
  rows?: Row[];
  loading?: boolean;
  paged?: boolean;
  cardKeys?: readonly string[];
}) {
  return (
    <PagedTable<Row>
      columns={columns}
      rows={props.rows ?? []}
      loading={props.loading ?? false}
      pagination={props.paged === false ? false : pagination}
      emptyText="Nothing yet"
      cardKeys={props.cardKeys}
    />
  );
}

describe('PagedTable', () => {
  it('shows the rows a page at a time', () => {
    render(table({ rows: threeRows }));
    expect(screen.getByText('row 1', { selector: 'td' })).toBeTruthy();
    expect(screen.getByText('row 2', { selector: 'td' })).toBeTruthy();
    expect(screen.queryByText('row 3', { selector: 'td' })).toBeNull();
    expect(screen.getByText('Total: 3')).toBeTruthy();
    expect(screen.queryByText('Nothing yet')).toBeNull();
  });

  it('says it is empty once loaded, and not while loading', () => {
    const { rerender } = render(table({ loading: true }));
    expect(screen.queryByText('Nothing yet')).toBeNull();
    rerender(table({ loading: false }));
    expect(screen.getByText('Nothing yet')).toBeTruthy();
  });

  it('shows a card per row on a phone, a page at a time, with the pager under them', () => {
    onPhone();
    render(table({ rows: threeRows, cardKeys: ['name'] }));
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
    render(table({ paged: false, cardKeys: ['name'] }));
    expect(screen.getByText('Nothing yet')).toBeTruthy();
  });
});
