import { PdfAttachment } from '../../../components/PdfAttachment.tsx';
import type { DraftStore } from './store.ts';
import { useDraft } from './store.ts';

/** The certificate's one PDF, kept in the draft (the shared attachment does the upload). */
export function CertificateFile({ store }: { store: DraftStore }) {
  const file = useDraft(store, (draft) => draft.file);
  return <PdfAttachment file={file} onChange={(next) => store.dispatch({ type: 'file', file: next })} what="certificate" />;
}
