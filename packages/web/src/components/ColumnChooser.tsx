import { ActionIcon, Checkbox, Menu, Stack, Text } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';
import { useState } from 'react';
import { useSignedInUserOrNull } from '../lib/signedInUser.tsx';
import type { ColumnChoices } from './columnFit.ts';

/** Local storage: one entry per user id, holding each list's choices under its accessible name. */
export const columnsStorageKey = (userId: number) => `portal.columns.${userId}`;

function readAll(key: string | null): Record<string, ColumnChoices> {
  if (!key) return {};
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, ColumnChoices>) : {};
  } catch {
    return {};
  }
}

/**
 * The signed-in user's column choices for one list (by its accessible name), kept in local storage
 * under the user id, so that a shared tablet shows each user their own columns.
 */
export function useColumnChoices(list: string): [ColumnChoices, (choices: ColumnChoices) => void] {
  const user = useSignedInUserOrNull();
  const key = user ? columnsStorageKey(user.id) : null;
  const [choices, setChoices] = useState<ColumnChoices>(() => readAll(key)[list] ?? {});
  const save = (next: ColumnChoices) => {
    setChoices(next);
    if (!key) return;
    const all = readAll(key);
    if (Object.keys(next).length) all[list] = next;
    else delete all[list];
    try {
      localStorage.setItem(key, JSON.stringify(all));
    } catch {
      // Storage full or refused (private mode): the choice holds for this visit.
    }
  };
  return [choices, save];
}

export interface ChooserColumn {
  key: string;
  label: string;
  shown: boolean;
  /** Priority 1: always shown, not offered. */
  fixed: boolean;
}

/**
 * The columns button in the table's last header cell: tick what to show; 'Fit the screen' forgets the
 * list's choices, so its columns fold by priority again.
 */
export function ColumnChooser({
  list,
  columns,
  onChange,
  onReset,
}: {
  list: string;
  columns: ChooserColumn[];
  onChange: (key: string, shown: boolean) => void;
  onReset: () => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md" closeOnItemClick={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Columns of ${list}`} onClick={(event) => event.stopPropagation()}>
          <IconColumns3 size={16} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Columns</Menu.Label>
        <Stack gap={6} px="xs" pb="xs">
          {columns
            .filter((column) => !column.fixed)
            .map((column) => (
              <Checkbox
                key={column.key}
                size="xs"
                label={column.label}
                checked={column.shown}
                onChange={(event) => onChange(column.key, event.currentTarget.checked)}
              />
            ))}
        </Stack>
        <Menu.Divider />
        <Menu.Item onClick={onReset}>
          <Text size="xs">Fit the screen</Text>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
