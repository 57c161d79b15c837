/**
 * Digital signatures on issued PDFs (issue 25 part 4, decision 076): a PDF reader shows who signed the
 * file and whether it changed since. The signature is a detached PKCS#7 (CMS) signature over the whole
 * file but its own bytes (ISO 32000-1 12.8, SubFilter adbe.pkcs7.detached), made by @signpdf with the
 * certificate of db/signing-certificates.ts. Runs in the PDF worker (pdf-worker.ts).
 */

import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import { DEFAULT_BYTE_RANGE_PLACEHOLDER, DEFAULT_SIGNATURE_LENGTH, SIG_FLAGS, SUBFILTER_ADOBE_PKCS7_DETACHED } from '@signpdf/utils';
import type { SigningCertificate } from '../../db/signing-certificates.ts';
import type { Pdf } from './pdf.ts';
import type { Signing } from './signing.ts';

// pdfkit's internals the signature field needs (the document's catalogue and its form).
interface PdfInternals {
  _root: { data: { AcroForm: { data: { Fields: unknown[]; DR?: unknown } } } };
  _acroform?: unknown;
}

/**
 * Adds the empty signature (its byte range and contents to be filled in by `signPdf`) as an invisible
 * signature field of the current page. Call it just before the document ends. The same objects as
 * @signpdf/placeholder-pdfkit makes, which asks for pdfkit 0.11 (we use 0.20, whose object model is the same).
 */
export function addSignaturePlaceholder(doc: Pdf, signing: Signing) {
  const signature = doc.ref({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: SUBFILTER_ADOBE_PKCS7_DETACHED,
    ByteRange: [0, DEFAULT_BYTE_RANGE_PLACEHOLDER, DEFAULT_BYTE_RANGE_PLACEHOLDER, DEFAULT_BYTE_RANGE_PLACEHOLDER],
    Contents: Buffer.alloc(DEFAULT_SIGNATURE_LENGTH),
    // String objects are written as PDF strings; plain strings would be names.
    Reason: new String(signing.reason),
    ContactInfo: new String(signing.contactInfo),
    M: new Date(),
    Prop_Build: { Filter: { Name: 'Adobe.PPKLite' } },
  });
  const internals = doc as unknown as PdfInternals;
  if (!internals._acroform) doc.initForm();
  const form = internals._root.data.AcroForm;
  const widget = doc.ref({
    Type: 'Annot',
    Subtype: 'Widget',
    FT: 'Sig',
    Rect: [0, 0, 0, 0],
    V: signature,
    T: new String(`Signature${form.data.Fields.length + 1}`),
    P: doc.page.dictionary,
  });
  doc.page.annotations.push(widget);
  form.data = {
    Type: 'AcroForm',
    SigFlags: SIG_FLAGS.SIGNATURES_EXIST | SIG_FLAGS.APPEND_ONLY,
    Fields: [...form.data.Fields, widget],
    DR: form.data.DR,
  } as never;
  signature.end(null); // no stream data: a dictionary only
  widget.end(null);
}

/** Fills in the signature of a finished document that has its placeholder. */
export function signPdf(bytes: Buffer, signing: SigningCertificate): Promise<Buffer> {
  return new SignPdf().sign(bytes, new P12Signer(Buffer.from(signing.p12), { passphrase: signing.passphrase }));
}
