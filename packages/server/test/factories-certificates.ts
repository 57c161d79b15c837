/** Certificates with equipment rows, for the certificate read tests. */
import type { Executor } from '../src/db/client.ts';
import { certificates, equipment } from '../src/db/schema.ts';
import { createCatalogue } from './factories-owners.ts';

type Catalogue = Awaited<ReturnType<typeof createCatalogue>>;

export interface CertificateOptions extends Partial<typeof certificates.$inferInsert> {
  /** The catalogue node; a new owner with Chain -> Studless R4 -> 84 mm unless given. */
  catalogue?: Catalogue;
  /** Equipment rows on the certificate, by stamped id (or with more fields). */
  items?: (string | (Partial<typeof equipment.$inferInsert> & { stampedId: string }))[];
}

export async function createCertificate(db: Executor, { catalogue, items = [], ...values }: CertificateOptions = {}) {
  const node = catalogue ?? (await createCatalogue(db));
  const [certificate] = await db
    .insert(certificates)
    .values({
      ownerId: node.owner.id,
      typeId: node.type.id,
      subTypeId: node.subType.id,
      dimensionId: node.dimension.id,
      certificateNumber: `CERT-${Math.random().toString(36).slice(2, 10)}`,
      createdBy: 'certificates@test.example',
      updatedBy: 'certificates@test.example',
      ...values,
    })
    .returning();
  const rows = items.length
    ? await db
        .insert(equipment)
        .values(items.map((item) => ({ ...(typeof item === 'string' ? { stampedId: item } : item), certificateId: certificate.id })))
        .returning()
    : [];
  return { ...node, certificate, equipment: rows };
}
