import { Alert, List, Text } from '@mantine/core';
import { EFFECTIVE_AGE_FLAG_YEARS, type FitWarning, formatNumber, plural } from '@portal/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatDate } from '../../../lib/format.ts';

const SHOWN = 10;

/** Why an item marked fit may not be: 'renewal overdue since 10.01.2025; effective age 7.0 years (over 5)'. */
export function fitWarningText(warning: FitWarning): string {
  const reasons = [
    warning.renewalDue && `renewal overdue since ${formatDate(warning.renewalDue)}`,
    warning.effectiveAge !== null && `effective age ${formatNumber(warning.effectiveAge, 1)} years (over ${EFFECTIVE_AGE_FLAG_YEARS})`,
  ].filter(Boolean);
  return `${warning.stampedId}: ${reasons.join('; ')}`;
}

/**
 * After a status meaning `fit` was set (docs/event-items.md "Marking fit"): the items whose renewal
 * is overdue or whose effective age is over 5 years, and why. The status is set; this asks the person
 * to check. It stays until closed or the next status change.
 */
export function FitWarnings({ warnings, onClose }: { warnings: FitWarning[]; onClose?: () => void }) {
  if (warnings.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={`Marked fit: check ${warnings.length === 1 ? 'this item' : plural(warnings.length, 'item')}`}
      withCloseButton={onClose !== undefined}
      closeButtonLabel="Close warning"
      onClose={onClose}
      role="alert"
      mb="sm"
    >
      <List size="sm" spacing={2}>
        {warnings.slice(0, SHOWN).map((warning) => (
          <List.Item key={warning.stampedId}>{fitWarningText(warning)}</List.Item>
        ))}
      </List>
      {warnings.length > SHOWN && <Text size="sm">{`and ${warnings.length - SHOWN} more`}</Text>}
    </Alert>
  );
}
