import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { messages } from '@portal/contract';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { useScanHold } from '../lib/scanHolds.ts';

/**
 * The one unsaved-changes guard (spec section 8: 'Continue without saving?' / 'All changes will be
 * lost'). While `dirty`, leaving the page inside the app asks first, and closing or reloading the tab
 * gets the browser's own warning (beforeunload). Changes of the query or a dialog's address on the
 * same page, and the way back to login (log out, expired session), are not held up.
 */
export function useUnsavedChangesGuard(dirty: boolean): void {
  // A scan would open equipment, and leave the page: not while something is unsaved.
  useScanHold('unsaved', dirty);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && nextLocation.pathname !== currentLocation.pathname && nextLocation.pathname !== '/',
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let decided = false;
    const stay = () => {
      if (decided) return;
      decided = true;
      blocker.reset();
    };
    modals.openConfirmModal({
      title: messages.continueWithoutSaving,
      children: <Text size="sm">{messages.allChangesLost}</Text>,
      labels: { confirm: 'Continue', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        decided = true;
        blocker.proceed();
      },
      onCancel: stay,
      onClose: stay,
    });
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the warning only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
