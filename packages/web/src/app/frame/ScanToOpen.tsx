import { notifications } from '@mantine/notifications';
import { type CurrentUser, equipmentEndpoints, meetsAccess, messages, plural, SCAN_WINDOW_MS } from '@portal/contract';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { equipmentPath } from '../../components/StampedIdLink.tsx';
import { isApiError } from '../../lib/api/ApiError.ts';
import { fetchEndpoint } from '../../lib/api/endpointQuery.ts';
import { useKeyboardScanner } from '../../lib/keyboardScanner.ts';
import { showErrorToast } from '../../lib/notify.tsx';
import { currentScanHold } from '../../lib/scanHolds.ts';

export const scanMessages = {
  unsaved: 'Save or cancel your changes first: a scan opens equipment only when nothing is left unsaved.',
  alsoScanned: (codes: string[]) => `Opened the first chip. Also scanned: ${codes.join(', ')}`,
} as const;

/**
 * Scan anywhere (issue 26 part 3, docs/ui.md "Scanning"): a chip scanned with a keyboard-wedge reader
 * on any page of an internal user opens the equipment that carries it. Not where the page takes scans
 * itself or a form has unsaved changes (lib/scanHolds.ts), nor into a field (the field takes them).
 * A burst opens its first code and lists the rest in a toast.
 */
export function ScanToOpen({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const burst = useRef<string[] | null>(null);
  const allowed = meetsAccess(user, equipmentEndpoints.byChip.access);

  const open = async (first: string) => {
    const hold = currentScanHold();
    if (hold === 'page') return;
    if (hold === 'unsaved') {
      notifications.show({ color: 'yellow', message: scanMessages.unsaved });
      return;
    }
    try {
      const item = await fetchEndpoint(equipmentEndpoints.byChip, { params: { chip: first } });
      navigate(equipmentPath(item.stampedId));
    } catch (error) {
      if (isApiError(error) && error.status === 404) notifications.show({ color: 'red', message: messages.noEquipmentWithChip(first) });
      else showErrorToast(error, 'The scanned chip could not be looked up');
    }
  };

  useKeyboardScanner(
    ({ code, target }) => {
      if (target) return; // typed into a scan target (a chip field): the field takes it
      // The first code opens at once; codes that follow within a scan's window are the same burst,
      // listed when it ends.
      if (burst.current) {
        burst.current.push(code);
        return;
      }
      const rest: string[] = [];
      burst.current = rest;
      void open(code);
      setTimeout(() => {
        burst.current = null;
        if (rest.length)
          notifications.show({ title: `${plural(rest.length, 'more chip')} scanned`, message: scanMessages.alsoScanned(rest) });
      }, SCAN_WINDOW_MS);
    },
    { enabled: allowed },
  );
  return null;
}
