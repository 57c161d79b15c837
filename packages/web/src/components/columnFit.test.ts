import { describe, expect, it } from 'vitest';
import { type AppColumn, cardRoles, columnLabel, foldable, foldedColumns } from './columnFit.ts';

type Row = { id: number };
const columns: AppColumn<Row>[] = [
  { accessor: 'date', title: 'Date', priority: 1, width: 100 },
  { accessor: 'type.name', title: 'Type', priority: 1, width: 100 },
  { accessor: 'location', title: 'Location', priority: 5, width: 100 },
  { accessor: 'company', title: 'Company', priority: 4, width: 100 },
  { accessor: 'responsible', title: 'Responsible', priority: 4, width: 100 },
  { accessor: 'items', title: 'Items', priority: 1, width: 100 },
];

describe('foldedColumns', () => {
  it('folds nothing when everything fits, or before the width is measured', () => {
    expect([...foldedColumns(columns, 600, 0, {}, 0)]).toEqual([]);
    expect([...foldedColumns(columns, null, 0, {}, 0)]).toEqual([]);
  });

  it('folds the highest priority number first, the rightmost of equals first, never priority 1 or the identifier', () => {
    const plain: AppColumn<Row>[] = [
      { accessor: 'name', title: 'Name', width: 100 },
      { accessor: 'note', title: 'Note', width: 100 },
    ];
    expect([...foldedColumns(plain, 50, 0, {}, 0)]).toEqual(['note']);
    expect([...foldedColumns(columns, 450, 0, {}, 0)]).toEqual(['location', 'responsible']);
    expect([...foldedColumns(columns, 100, 0, {}, 0)]).toEqual(['location', 'responsible', 'company']);
    // The actions column's width counts too.
    expect([...foldedColumns(columns, 500, 50, {}, 0)]).toEqual(['location', 'responsible']);
  });

  it('folds more when the table measured wider than estimated', () => {
    expect([...foldedColumns(columns, 600, 0, {}, 1)]).toEqual(['location']);
    expect([...foldedColumns(columns, 600, 0, {}, 2)]).toEqual(['location', 'responsible']);
  });

  it("follows the user's choices: a kept column never folds, a hidden one always does", () => {
    const folded = foldedColumns(columns, 450, 0, { location: true, company: false }, 0);
    expect([...folded].sort()).toEqual(['company', 'responsible']);
    expect(foldable(columns, folded, { location: true, company: false })).toBe(0);
    // A priority 1 column (and the identifier) stays whatever is stored.
    expect([...foldedColumns(columns, 600, 0, { items: false, date: false }, 0)]).toEqual([]);
  });
});

describe('cardRoles', () => {
  it('makes the first column the identifier and at most four facts, the most important first', () => {
    const roles = cardRoles<Row>([...columns, { accessor: 'due', title: 'Due', card: 'status' }]);
    expect(Object.fromEntries(roles)).toEqual({
      date: 'id',
      'type.name': 'fact',
      location: 'none',
      company: 'fact',
      responsible: 'fact',
      items: 'fact',
      due: 'status',
    });
  });
});

describe('columnLabel', () => {
  it('is the label, else a text title, else the accessor in words', () => {
    expect(columnLabel<Row>({ accessor: 'x', title: 'Text', label: 'Images' })).toBe('Images');
    expect(columnLabel<Row>({ accessor: 'createdBy', title: 'Created by' })).toBe('Created by');
    expect(columnLabel<Row>({ accessor: 'createdBy.name' })).toBe('Created by');
  });
});
