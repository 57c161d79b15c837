import dayjs from 'dayjs';

/** Spec section 9 formats. */
export const DATE_FORMAT = 'DD.MM.YYYY';
export const DATE_TIME_FORMAT = 'DD.MM.YYYY - HH:mm';
export const BACKUP_TIME_FORMAT = 'DD/MM/YYYY HH:mm';

function format(value: string | Date | null | undefined, pattern: string): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(pattern) : '';
}

/** 'YYYY-MM-DD' or an ISO timestamp -> 'DD.MM.YYYY'; empty for a missing or invalid value. */
export function formatDate(value: string | Date | null | undefined): string {
  return format(value, DATE_FORMAT);
}

/** ISO timestamp -> 'DD.MM.YYYY - HH:mm' in the browser's time zone. */
export function formatDateTime(value: string | Date | null | undefined): string {
  return format(value, DATE_TIME_FORMAT);
}

export function formatBackupTime(value: string | Date | null | undefined): string {
  return format(value, BACKUP_TIME_FORMAT);
}
