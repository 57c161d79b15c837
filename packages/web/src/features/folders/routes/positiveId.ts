/** A route's numeric id, or null when the segment is not a positive whole number (page not found). */
export function positiveId(segment: string | undefined): number | null {
  if (!segment || !/^\d{1,9}$/.test(segment)) return null;
  const id = Number(segment);
  return id > 0 ? id : null;
}
