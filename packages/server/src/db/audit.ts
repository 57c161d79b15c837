/** Audit columns for writes: who (the acting user's email) and when. */
export function createdBy(user: { email: string }) {
  const now = new Date();
  return { createdBy: user.email, createdAt: now, updatedBy: user.email, updatedAt: now };
}

export function updatedBy(user: { email: string }) {
  return { updatedBy: user.email, updatedAt: new Date() };
}

/** The spec's audit shape in responses. */
export function auditOf(row: { createdBy: string | null; createdAt: Date; updatedBy: string | null; updatedAt: Date }) {
  return {
    createdBy: row.createdBy,
    createdDate: row.createdAt.toISOString(),
    updatedBy: row.updatedBy,
    updatedDate: row.updatedAt.toISOString(),
  };
}
