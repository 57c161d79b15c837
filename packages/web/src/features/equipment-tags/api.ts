import { DEFAULT_PAGE_SIZE, equipmentTagEndpoints, type TagFileCheck, type TagImportResult } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { useWrite } from '../../lib/api/mutation.ts';

export const TAGS_PAGE_SIZE = DEFAULT_PAGE_SIZE;

const asForm = (file: File) => {
  const body = new FormData();
  body.append('File', file);
  return body;
};

/** The contract gives both modes one answer type; an import (not a check) answers the counts. */
const isImportResult = (answer: TagImportResult | TagFileCheck): answer is TagImportResult => 'created' in answer;

/** POST /EquipmentTags?validate=true: the errors per line or the content; nothing is written (nor refreshed). */
export function useCheckTagFile() {
  const write = useWrite();
  return useMutation({
    mutationFn: (file: File): Promise<TagFileCheck> =>
      write(equipmentTagEndpoints.import, { query: { validate: 'true' }, body: asForm(file) }),
  });
}

/** POST /EquipmentTags: imports every line or none. */
export function useImportTagFile() {
  const write = useWrite();
  return useMutation({
    mutationFn: async (file: File): Promise<TagImportResult> => {
      const answer = await write(equipmentTagEndpoints.import, { query: {}, body: asForm(file) });
      if (!isImportResult(answer)) throw new Error('The server checked the file but did not import it');
      return answer;
    },
  });
}
