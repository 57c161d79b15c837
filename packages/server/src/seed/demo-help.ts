/** A few help files for the demo (spec section 2 "Help"): short one-page guides staff can download. */
import type { Executor } from '../db/client.ts';
import * as s from '../db/schema.ts';
import { sha256, textPdf } from './demo-pdf.ts';
import { daysBefore } from './demo-random.ts';

const GUIDES: { fileName: string; lines: string[] }[] = [
  {
    fileName: 'Getting started with the portal.pdf',
    lines: [
      'Getting started with the rigging equipment portal',
      'Events: record inspections, installations and recoveries per rig and project.',
      'Certificates: find a certificate by its number; open its items and their history.',
      'Search: type a stamped id, a chip code or a certificate number in the top bar.',
      'Demo document.',
    ],
  },
  {
    fileName: 'Scanning chips.pdf',
    lines: [
      'Scanning chips',
      'Place the cursor in the Add chip field and scan: the reader types the code and Enter.',
      'A chip belongs to one item or one user; the portal says where it is already in use.',
      'Demo document.',
    ],
  },
  {
    fileName: 'Mooring inspection checklist.pdf',
    lines: [
      'Mooring inspection checklist',
      '1. Check the stamped id against the certificate.',
      '2. Measure chain diameter at three links; record wear above 2 percent.',
      '3. Inspect shackle pins and kenter links for cracks and corrosion.',
      '4. Record the status and attach photos to the event.',
      'Demo document.',
    ],
  },
];

export async function loadHelpFiles(tx: Executor, now: Date): Promise<void> {
  const audit = { createdAt: daysBefore(now, 200), createdBy: 'admin@demo.example' };
  for (const guide of GUIDES) {
    const data = textPdf(guide.lines);
    const [file] = await tx
      .insert(s.files)
      .values({
        fileName: guide.fileName,
        contentType: 'application/pdf',
        size: data.length,
        sha256: sha256(data),
        data,
        ...audit,
        updatedAt: audit.createdAt,
        updatedBy: audit.createdBy,
      })
      .returning({ id: s.files.id });
    await tx.insert(s.helpFiles).values({ fileId: file.id, ...audit, updatedAt: audit.createdAt, updatedBy: audit.createdBy });
  }
}
