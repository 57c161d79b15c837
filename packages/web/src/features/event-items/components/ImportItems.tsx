import { Button, Group, Text } from '@mantine/core';
import {
  EVENT_IMPORT_FILE_MAX_BYTES,
  eventItemEndpoints,
  eventItemMessages,
  messages,
  type ProposedEventItem,
  plural,
} from '@portal/contract';
import { type ReactNode, useState } from 'react';
import { ImportFilePicker } from '../../../components/ImportFilePicker.tsx';
import { fetchEndpoint } from '../../../lib/api/endpointQuery.ts';

/**
 * Import a semicolon-separated text file: importAndValidate answers the errors per line (in red) or
 * the content ('Found N items in the file', with how many are new or already in the event); Add
 * items then calls componentsImport with the stamped ids.
 */
export function ImportItems({
  eventId,
  adding,
  status,
  onAdd,
}: {
  eventId: number;
  adding: boolean;
  /** The "Status" select (AddStatusSelect): what the items get. */
  status: ReactNode;
  onAdd: (stampedIds: string[]) => Promise<boolean>;
}) {
  const [content, setContent] = useState<ProposedEventItem[] | null>(null);
  const toAdd = content?.filter((item) => !item.inEvent) ?? [];
  const unknown = toAdd.filter((item) => !item.known).length;
  // The server refuses the whole add when one item is another owner's (docs/security.md rule 17).
  const unavailable = toAdd.filter((item) => !item.available).length;

  return (
    <ImportFilePicker
      help="A text file with one stamped id at the start of each line; further fields after a semicolon (;) are ignored."
      maxBytes={EVENT_IMPORT_FILE_MAX_BYTES}
      send={(body) => fetchEndpoint(eventItemEndpoints.importAndValidate, { params: { eventId }, body })}
      onContent={setContent}
      failure="The file could not be read"
    >
      {content && (
        <Group mt="xs" gap="sm" align="flex-end">
          <Text size="sm" aria-live="polite" w="100%">
            {messages.foundItemsInFile(content.length)}
            {content.length !== toAdd.length && ` (${content.length - toAdd.length} already in this event)`}
            {unknown > 0 && `; ${plural(unknown, 'new unlinked item')} will be made`}
            {unavailable > 0 && `; ${unavailable} ${eventItemMessages.notAvailable.toLowerCase()}: remove them from the file`}
          </Text>
          {status}
          <Button
            disabled={toAdd.length === 0 || unavailable > 0}
            loading={adding}
            onClick={async () => {
              if (await onAdd(toAdd.map((item) => item.stampedId))) setContent(null);
            }}
          >
            Add {plural(toAdd.length, 'item')}
          </Button>
        </Group>
      )}
    </ImportFilePicker>
  );
}
