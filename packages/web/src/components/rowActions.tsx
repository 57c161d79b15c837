/** A list row's actions (AppDataTable): icon buttons on a wide screen, one menu per row on a phone, both light to render. */
import { ActionIcon, Group, Menu, Tooltip, VisuallyHidden } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { cloneElement, type HTMLAttributes, type ReactElement, type ReactNode, type SyntheticEvent, useState } from 'react';
import { IconDotsVertical } from './rowIcons.ts';

/** One thing a user can do with a row: an icon button on a wide screen, an entry of the row's menu on a phone. */
export interface RowAction<T> {
  /** 'Edit', 'Delete': the menu entry; the icon button is labelled '<label> <row name>'. */
  label: string | ((record: T) => string);
  icon: ReactNode;
  onClick: (record: T) => void;
  color?: string;
  /** Leave the action out for this row. */
  hidden?: (record: T) => boolean;
  disabled?: (record: T) => boolean;
  /** Only in the phone's row menu: on a wide screen a column offers it (e.g. an Enabled switch). */
  menuOnly?: boolean;
}

/** The actions column's width: an icon button per action on a wide screen (or the chooser alone), the menu on a phone. */
export function actionsWidth<T>(actions: RowAction<T>[] | undefined, narrow: boolean): number {
  if (narrow) return 48;
  return Math.max(1, (actions ?? []).filter((action) => !action.menuOnly).length) * 32 + 24;
}

export function actionsColumn<T>(
  actions: RowAction<T>[],
  rowName: (record: T) => string,
  narrow: boolean,
  chooser: ReactNode,
): DataTableColumn<T> {
  const shown = (record: T) => actions.filter((action) => !action.hidden?.(record) && (narrow || !action.menuOnly));
  const labelOf = (action: RowAction<T>, record: T) => (typeof action.label === 'function' ? action.label(record) : action.label);
  return {
    accessor: '__actions',
    title: (
      <>
        <VisuallyHidden>Actions</VisuallyHidden>
        {chooser}
      </>
    ),
    textAlign: 'right',
    width: actionsWidth(actions, narrow),
    customCellAttributes: () => ({ 'data-card': 'action' }),
    render: (record) =>
      actions.length === 0 ? null : narrow ? (
        <RowMenu label={`Actions for ${rowName(record)}`}>
          {shown(record).map((action) => (
            <Menu.Item
              key={labelOf(action, record)}
              leftSection={action.icon}
              color={action.color}
              disabled={action.disabled?.(record)}
              onClick={(event) => {
                event.stopPropagation();
                action.onClick(record);
              }}
            >
              {labelOf(action, record)}
            </Menu.Item>
          ))}
        </RowMenu>
      ) : (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {shown(record).map((action) => (
            <LazyTooltip key={labelOf(action, record)} label={labelOf(action, record)}>
              <ActionIcon
                variant="subtle"
                color={action.color}
                aria-label={`${labelOf(action, record)} ${rowName(record)}`}
                disabled={action.disabled?.(record)}
                onClick={(event) => {
                  event.stopPropagation();
                  action.onClick(record);
                }}
              >
                {action.icon}
              </ActionIcon>
            </LazyTooltip>
          ))}
        </Group>
      ),
  };
}

/**
 * A row action's tooltip, mounted when the pointer or focus first comes to its button: a Mantine
 * Tooltip per button (floating position, listeners) was most of a 50-row page's render in Chromium's
 * profile of the event equipment editor (three per row). The button itself stays the same element
 * (the tooltip is a sibling aimed at it), so a click that brings the pointer is not lost to a remount.
 */
function LazyTooltip({ label, children }: { label: string; children: ReactElement<HTMLAttributes<HTMLElement>> }) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const aim = (event: SyntheticEvent<HTMLElement>) => setTarget(event.currentTarget);
  return (
    <>
      {cloneElement(children, { onPointerEnter: aim, onFocus: aim })}
      {target && <Tooltip label={label} target={target} withinPortal defaultOpened />}
    </>
  );
}

/**
 * A row's actions menu on a phone. Until it is first opened the row shows only its button: a Mantine
 * Menu per row (popover, floating position, focus handling) is most of a 50-row page's render time.
 */
function RowMenu({ label, children }: { label: string; children: ReactNode }) {
  const [used, setUsed] = useState(false);
  const button = (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={label}
      aria-haspopup="menu"
      onClick={(event) => {
        event.stopPropagation();
        setUsed(true);
      }}
    >
      <IconDotsVertical size={18} />
    </ActionIcon>
  );
  if (!used) return button;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={180} defaultOpened>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
