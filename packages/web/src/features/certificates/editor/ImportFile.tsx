import { certificateEditorEndpoints, IMPORT_FILE_MAX_BYTES, messages } from '@portal/contract';
import { useState } from 'react';
import { ImportFilePicker } from '../../../components/ImportFilePicker.tsx';
import { fetchEndpoint } from '../../../lib/api/endpointQuery.ts';
import { AddOutcome } from './AddOutcome.tsx';
import { type AddPlan, planAdd } from './draft.ts';
import { importMessages, looksCommaSeparated } from './series.ts';
import type { DraftStore } from './store.ts';

/**
 * Import a semicolon-separated text file (POST /Import/CertificateEquipment): the server answers the
 * errors per line (shown in red) or the rows, 'Found N items in the file'; the free ones not yet
 * listed are added. A comma-separated file is told to use semicolons before it is sent.
 */
export function ImportFile({ store }: { store: DraftStore }) {
  const [outcome, setOutcome] = useState<{ plan: AddPlan; found: number } | null>(null);

  return (
    <ImportFilePicker
      help={importMessages.layout}
      maxBytes={IMPORT_FILE_MAX_BYTES}
      precheck={(text) => (looksCommaSeparated(text) ? importMessages.useSemicolons : null)}
      send={(body) => fetchEndpoint(certificateEditorEndpoints.import, { body })}
      onContent={(content) => {
        if (!content) return setOutcome(null);
        const plan = planAdd(store.get().rows, content);
        store.dispatch({ type: 'add', items: plan.add });
        setOutcome({ plan, found: content.length });
      }}
      failure="The file could not be imported"
    >
      {outcome && <AddOutcome plan={outcome.plan} found={messages.foundItemsInFile(outcome.found)} />}
    </ImportFilePicker>
  );
}
