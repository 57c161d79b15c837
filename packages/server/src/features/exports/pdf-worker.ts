/** The PDF worker process (pdf-writer.ts forks it): lays out each document it is sent and sends its bytes back. */
import { labelSheet } from './labels.ts';
import { fields, heading, image, newPdf, type Pdf, type PdfAnswer, type PdfOp, table, verification } from './pdf.ts';
import { addSignaturePlaceholder, signPdf } from './pdf-signature.ts';
import type { Signing } from './signing.ts';

// A callback takes a send's error: a server gone away is no reason to crash (its 'disconnect' ends this process).
const answer = (message: PdfAnswer) => process.connected && process.send?.(message, undefined, undefined, () => {});
const docs = new Map<number, { doc: Pdf; addRow?: (row: Record<string, unknown>) => void; signing?: Signing }>();

function draw(message: PdfOp) {
  const { id } = message;
  const send = (doc: Pdf, signing?: Signing) => {
    if (!signing) {
      doc.on('data', (chunk: Uint8Array) => answer({ id, chunk }));
      doc.on('end', () => answer({ id, end: true }));
      return doc;
    }
    // A signed document goes out whole: its signature covers every byte of the file but its own.
    const chunks: Uint8Array[] = [];
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('end', () =>
      signPdf(Buffer.concat(chunks), signing).then(
        (signed) => {
          answer({ id, chunk: signed });
          answer({ id, end: true });
        },
        (error: unknown) =>
          answer({ id, error: `The document could not be signed: ${error instanceof Error ? error.message : String(error)}` }),
      ),
    );
    return doc;
  };
  if (message.op === 'start') {
    docs.set(id, { doc: send(newPdf(message.orientation, message.title), message.signing), signing: message.signing });
    return;
  }
  if (message.op === 'labels') {
    // A label sheet comes in one message and is drawn whole.
    send(labelSheet(message.layout, message.labels, message.title)).end();
    return;
  }
  const entry = docs.get(id);
  if (!entry) return; // aborted, or failed before
  const { doc } = entry;
  switch (message.op) {
    case 'fields':
      return fields(doc, message.entries);
    case 'heading':
      return heading(doc, message.text);
    case 'verification':
      return verification(doc, message.documentNumber, message.link);
    case 'table':
      entry.addRow = table(doc, message.columns);
      return;
    case 'rows':
      for (const row of message.rows) entry.addRow?.(row);
      return;
    case 'image':
      return image(doc, message.data, message.caption);
    case 'end':
      docs.delete(id);
      if (entry.signing) addSignaturePlaceholder(doc, entry.signing);
      doc.end();
      return;
    case 'abort':
      docs.delete(id);
      return;
  }
}

// The server stopped it when idle, or went away: nothing more will come.
process.on('disconnect', () => process.exit(0));
process.on('message', (message: PdfOp) => {
  try {
    draw(message);
  } catch (error) {
    docs.delete(message.id);
    answer({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
