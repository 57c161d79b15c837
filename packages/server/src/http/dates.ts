/** Dates as people read them in files the server writes (Excel titles, PDFs): DD.MM.YYYY, as the screens show dates. */
export const dmy = (value: unknown) => {
  const text = typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : '';
};
