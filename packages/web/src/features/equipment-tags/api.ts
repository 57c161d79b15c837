import { DEFAULT_PAGE_SIZE, equipmentTagEndpoints, type TagFileCheck, type TagImportResult } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api/callEndpoint.ts';
import { invalidateEndpoints } from '../../lib/api/endpointQuery.ts';

export const TAGS_PAGE_SIZE = DEFAULT_PAGE_SIZE;

const asForm = (file: File) => {
  const body = new FormData();
  body.append('File', file);
  return body;
};

/** POST /EquipmentTags?validate=true: the errors per line or the content; nothing is written. */
const checkTagFile = (file: File): Promise<TagFileCheck> =>
  callEndpoint(equipmentTagEndpoints.import, { query: { validate: 'true' }, body: asForm(file) });

/** The contract gives both modes one answer type; an import (not a check) answers the counts. */
const isImportResult = (answer: TagImportResult | TagFileCheck): answer is TagImportResult => 'created' in answer;

/** POST /EquipmentTags: imports every line or none. */
async function importTagFile(file: File): Promise<TagImportResult> {
  const answer = await callEndpoint(equipmentTagEndpoints.import, { query: {}, body: asForm(file) });
  if (!isImportResult(answer)) throw new Error('The server checked the file but did not import it');
  return answer;
}

export const useCheckTagFile = () => useMutation({ mutationFn: checkTagFile });

export function useImportTagFile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: importTagFile, onSuccess: () => invalidateEndpoints(queryClient, ['EquipmentTags']) });
}
