import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './CellLink.module.css';

/**
 * A link in a table cell that opens the row's page without also clicking the row. A plain router link
 * with Mantine's anchor look: a Mantine Anchor per row is a measurable share of a 50-row list's first
 * render on a phone (docs/performance.md, issue 12).
 */
export function CellLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={classes.link} onClick={(event) => event.stopPropagation()}>
      {children}
    </Link>
  );
}
