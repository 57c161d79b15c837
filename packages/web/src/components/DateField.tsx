import { ActionIcon, Popover, TextInput, type TextInputProps } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { parseDate, typedDate } from '../lib/forms/dateParser.ts';

export interface DateFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue' | 'label'> {
  label: string;
  /** The text as typed (the form's value); the form reads it with parseDate and checks it with calendarDate. */
  value?: string;
  onChange: (text: string) => void;
}

/**
 * The one date input of the web client (docs/ui.md, Dates): the text is the person's, never replaced
 * by another day. A date it reads (DD.MM.YYYY, D.M.YYYY, DDMMYYYY, '-' or '/') is shown back as
 * DD.MM.YYYY when the field is left; text that names no day stays as typed for the form's
 * calendarDate rule to mark. The calendar button beside it picks a day instead. Mantine's DateInput
 * is not used: it keeps the text to itself and, on leaving, puts back the last date it read.
 */
export function DateField({ value = '', onChange, onBlur, label, disabled, readOnly, ...props }: DateFieldProps) {
  const [picking, setPicking] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const date = parseDate(value);
  const pick = (day: string | null) => {
    setPicking(false);
    if (day) onChange(typedDate(day));
    input.current?.focus();
  };

  return (
    <TextInput
      placeholder="DD.MM.YYYY"
      autoComplete="off"
      {...props}
      ref={input}
      label={label}
      value={value}
      disabled={disabled}
      readOnly={readOnly}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={(event) => {
        if (date && typedDate(date) !== value) onChange(typedDate(date));
        onBlur?.(event);
      }}
      rightSectionPointerEvents="all"
      rightSection={
        <Popover opened={picking} onChange={setPicking} position="bottom-end" withinPortal trapFocus returnFocus>
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Pick the ${label.toLowerCase()} from a calendar`}
              disabled={disabled || readOnly}
              onClick={() => setPicking((open) => !open)}
            >
              <IconCalendar size={18} aria-hidden />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <DatePicker value={date} defaultDate={date ?? undefined} onChange={pick} />
          </Popover.Dropdown>
        </Popover>
      }
    />
  );
}
