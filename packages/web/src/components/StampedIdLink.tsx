import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

/** The equipment page of a stamped id (spec section 2, "Equipment"). */
export const equipmentPath = (stampedId: string) => `/Equipment/${encodeURIComponent(stampedId)}`;

/** A stamped id in a table cell, linking to its equipment page without also clicking the row. */
export function StampedIdLink({ stampedId }: { stampedId: string }) {
  return (
    <Anchor component={Link} to={equipmentPath(stampedId)} size="sm" onClick={(event) => event.stopPropagation()}>
      {stampedId}
    </Anchor>
  );
}
