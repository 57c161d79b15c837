/** What a person reads from a PDF pdfkit wrote: its text, what its QR codes say when scanned, and who signed it. */
import { createHash, createPublicKey, verify } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { Bitmap } from '@paulmillr/qr';
import decodeQR from '@paulmillr/qr/decode.js';
import forge from 'node-forge';

/**
 * Every content stream of the file, inflated. A stream is read by its dictionary's /Length, not up to
 * the next `endstream`: compressed bytes that happen to end in a carriage return (one stream in 256)
 * would otherwise lose that byte to the line break before `endstream`, and the stream would not inflate.
 */
function contentStreams(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  return [...source.matchAll(/\/Length (\d+)[\s\S]{0,400}?stream\r?\n/g)].flatMap((match) => {
    const start = (match.index ?? 0) + match[0].length;
    try {
      return [inflateSync(pdf.subarray(start, start + Number(match[1]))).toString('latin1')];
    } catch {
      return [];
    }
  });
}

/** The text pdfkit wrote: every content stream inflated, the hex strings of each TJ joined. */
export function pdfText(pdf: Buffer): string {
  const texts: string[] = [];
  for (const content of contentStreams(pdf)) {
    for (const op of content.matchAll(/\[([^\]]*)\] TJ/g)) {
      texts.push([...op[1].matchAll(/<([0-9a-f]+)>/gi)].map((hex) => Buffer.from(hex[1], 'hex').toString('latin1')).join(''));
    }
  }
  return texts.join('\n');
}

/**
 * The QR codes drawn as filled rectangles (one path of `re` operators per code, then `f`), each
 * redrawn as a bitmap from the rectangles' positions and read by a QR decoder, as a camera would.
 */
export function pdfQrCodes(pdf: Buffer): string[] {
  const codes: string[] = [];
  for (const content of contentStreams(pdf)) {
    for (const path of content.split(/\nf\n/)) {
      const rects = [...path.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re/g)].map((m) => m.slice(1, 5).map(Number));
      if (rects.length < 20) continue;
      const unit = Math.min(...rects.map((r) => r[3]));
      const left = Math.min(...rects.map((r) => r[0]));
      const top = Math.min(...rects.map((r) => r[1]));
      const size = Math.round((Math.max(...rects.map((r) => r[0] + r[2])) - left) / unit);
      const quiet = 4;
      const bitmap = new Bitmap(size + 2 * quiet);
      for (let y = 0; y < size + 2 * quiet; y++) for (let x = 0; x < size + 2 * quiet; x++) bitmap.data[y][x] = false;
      for (const [x, y, w] of rects) {
        const row = Math.round((y - top) / unit) + quiet;
        const from = Math.round((x - left) / unit) + quiet;
        for (let c = 0; c < Math.round(w / unit); c++) bitmap.data[row][from + c] = true;
      }
      codes.push(decodeQR(bitmap.scale(4).toImage()));
    }
  }
  return codes;
}

/**
 * The file's digital signature as a PDF reader checks it: the signer's common name, and whether the
 * signature is intact (the SHA-256 of the signed byte ranges is the one signed, and the signature over
 * the signed attributes verifies with the certificate's key). Null for a file without a signature.
 */
export function pdfSignature(pdf: Buffer): { signer: string; subFilter: string; intact: boolean } | null {
  const source = pdf.toString('latin1');
  const range = /\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\s*\]/.exec(source);
  if (!range) return null;
  const [start, length, secondStart, secondLength] = range.slice(1).map(Number);
  const signedBytes = Buffer.concat([pdf.subarray(start, start + length), pdf.subarray(secondStart, secondStart + secondLength)]);
  const contents = Buffer.from(source.slice(start + length + 1, secondStart - 1), 'hex');
  // The contents are padded with zeros after the signature: parse the first value only.
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(contents.toString('binary')), { parseAllBytes: false } as never);
  const message = forge.pkcs7.messageFromAsn1(asn1) as forge.pkcs7.PkcsSignedData & {
    rawCapture: { authenticatedAttributes: forge.asn1.Asn1[]; signature: string };
  };
  const certificate = message.certificates[0];
  const attributes = message.rawCapture.authenticatedAttributes;
  const digestAttribute = attributes.find(
    (attribute) => forge.asn1.derToOid((attribute.value as forge.asn1.Asn1[])[0].value as string) === forge.pki.oids.messageDigest,
  );
  if (!digestAttribute) throw new Error('The signature has no message digest');
  const signedDigest = ((digestAttribute.value as forge.asn1.Asn1[])[1].value as forge.asn1.Asn1[])[0].value as string;
  const digestMatches = Buffer.from(signedDigest, 'binary').equals(createHash('sha256').update(signedBytes).digest());
  // The signature is over the attributes as a DER SET (RFC 5652 5.4).
  const set = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes);
  const key = createPublicKey(forge.pki.publicKeyToPem(certificate.publicKey));
  const signatureValid = verify(
    'sha256',
    Buffer.from(forge.asn1.toDer(set).getBytes(), 'binary'),
    key,
    Buffer.from(message.rawCapture.signature, 'binary'),
  );
  return {
    signer: String(certificate.subject.getField('CN')?.value),
    subFilter: /\/SubFilter \/([\w.]+)/.exec(source)?.[1] ?? '',
    intact: digestMatches && signatureValid,
  };
}
