import { Box, Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  EVENT_COMMENT_MAX,
  EVENT_TEXT_MAX,
  type EventScaffolding,
  eventFormEndpoints,
  hasLevel,
  messages,
  plural,
  signOffMessages,
} from '@portal/contract';
import { IconMapPin, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConflictAlert } from '../../../components/ConflictAlert.tsx';
import { DateField } from '../../../components/DateField.tsx';
import { openDeleteConfirm } from '../../../components/openDeleteConfirm.tsx';
import { PageBreadcrumbs } from '../../../components/PageBreadcrumbs.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { type AttachedFile, PdfAttachment } from '../../../components/PdfAttachment.tsx';
import { SaveBar } from '../../../components/SaveBar.tsx';
import { useUnsavedChangesGuard } from '../../../components/useUnsavedChangesGuard.tsx';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { useWrite } from '../../../lib/api/mutation.ts';
import { useValidatedForm } from '../../../lib/forms/index.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/notify.tsx';
import { useSignedInUser } from '../../../lib/signedInUser.tsx';
import { eventName } from '../eventName.ts';
import { eventItemsPath, eventPath, eventsPath } from '../paths.ts';
import { SignedOffNote } from '../sign-off/SignedOffNote.tsx';
import { type EventFormValues, eventFieldRules, fieldsBody, formValuesOf, eventFieldLabels as labels } from './fields.ts';

export type EventFormMode =
  | { kind: 'add'; scaffolding: EventScaffolding }
  | { kind: 'copy'; scaffolding: EventScaffolding }
  | { kind: 'edit'; scaffolding: EventScaffolding; onReload: () => void };

const options = (list: { id: number; name: string }[]) => list.map((entry) => ({ value: String(entry.id), label: entry.name }));

/**
 * The event form (spec sections 2, 4 and 5): add, copy (with the choice to take the equipment) and
 * edit. Validation runs 300 ms after input stops and on save (scrolling to the first error); a new
 * event goes on to its equipment, an edit to the event. Edits carry the version: a stale save (409)
 * says so and offers to reload. Leaving with unsaved changes asks first.
 */
export function EventForm({ mode }: { mode: EventFormMode }) {
  const { scaffolding } = mode;
  const canRenew = hasLevel(useSignedInUser(), 'Certificates');
  const navigate = useNavigate();
  const write = useWrite();
  const editing = mode.kind === 'edit';
  const { form, onSave, showServerErrors } = useValidatedForm<EventFormValues>({
    initialValues: formValuesOf(scaffolding),
    rules: eventFieldRules,
    labels,
    name: 'event',
  });
  const [file, setFile] = useState<AttachedFile | null>(scaffolding.values.file);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  // Set once saved or deleted: the guard lets the page go, then the effect navigates.
  const [leaveTo, setLeaveTo] = useState<string | null>(null);
  const fileChanged = (file?.id ?? null) !== (scaffolding.values.file?.id ?? null);
  const dirty = leaveTo === null && (form.isDirty() || fileChanged);
  useUnsavedChangesGuard(dirty);
  useEffect(() => {
    if (leaveTo) navigate(leaveTo, { replace: true });
  }, [leaveTo, navigate]);

  const values = form.getValues();
  const projects = scaffolding.projects.filter((p) => String(p.parentId) === values.rig);

  const save = async (current: EventFormValues) => {
    const body = fieldsBody(current, file?.id ?? null);
    setSaving(true);
    setConflict(null);
    try {
      let to: string;
      if (mode.kind === 'edit') {
        const saved = await write(eventFormEndpoints.update, {
          params: { id: scaffolding.id ?? 0 },
          body: { ...body, version: scaffolding.version ?? 0 },
        });
        showSuccessToast(messages.eventSaved);
        to = eventPath(saved.id);
      } else {
        const copy =
          mode.kind === 'copy' ? { eventToCopyFromId: scaffolding.copyOf?.id, createWithEquipment: current.createWithEquipment } : {};
        const created = await write(eventFormEndpoints.create, { body: { ...body, type: Number(current.type), ...copy } });
        showSuccessToast(messages.eventCreated);
        to = eventItemsPath(created.id);
      }
      form.resetDirty();
      setLeaveTo(to);
    } catch (error) {
      // A stale version offers to reload; a signed-off event (another tab signed it) says why the save failed.
      if (editing && isApiError(error) && error.status === 409 && error.message !== signOffMessages.sealed) {
        setConflict(error.message);
        window.scrollTo({ top: 0, behavior: 'smooth' });
      } else if (!showServerErrors(error)) {
        // Spec section 8: an event save failure says 'Something went wrong while saving, please try again'.
        notifications.show({
          id: 'event-save-failed',
          color: 'red',
          title: messages.eventSaveFailed,
          message: !isApiError(error)
            ? String(error)
            : error.correlationId
              ? `${error.message} (correlation id ${error.correlationId})`
              : error.message,
        });
      }
    } finally {
      setSaving(false);
    }
  };

  const confirmDelete = () =>
    openDeleteConfirm({
      onConfirm: async () => {
        try {
          await write(eventFormEndpoints.remove, { params: { id: scaffolding.id ?? 0 } });
          showSuccessToast('Event was deleted');
          setLeaveTo(eventsPath);
        } catch (error) {
          showErrorToast(error, 'The event could not be deleted');
        }
      },
    });

  // A signed-off event opens read-only (docs/sign-off.md): every control disabled, no save, no delete.
  const sealed = editing ? scaffolding.signOff : null;
  const title = sealed ? 'Event (signed off)' : editing ? 'Edit event' : mode.kind === 'copy' ? 'Copy event' : 'Add event';
  // The edited or copied event by its type and date, as its page names it (a copy keeps the type).
  const typeName = scaffolding.types.find((type) => type.id === scaffolding.values.type)?.name ?? '';
  const crumbs = [
    { label: 'Events', to: eventsPath },
    ...(scaffolding.id ? [{ label: eventName(typeName, scaffolding.values.eventDate), to: eventPath(scaffolding.id) }] : []),
    ...(scaffolding.copyOf ? [{ label: eventName(typeName, scaffolding.copyOf.eventDate), to: eventPath(scaffolding.copyOf.id) }] : []),
    { label: editing ? 'Edit' : mode.kind === 'copy' ? 'Copy' : 'Add' },
  ];

  return (
    <Box component="form" onSubmit={onSave(save)} noValidate aria-label={title}>
      <PageBreadcrumbs items={crumbs} />
      <PageHeader title={title}>
        {editing && !sealed && (
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={confirmDelete}>
            Delete event
          </Button>
        )}
      </PageHeader>
      {conflict && mode.kind === 'edit' && (
        <ConflictAlert title="This event has changed" message={conflict} dirty={dirty} onReload={mode.onReload} />
      )}
      {sealed && <SignedOffNote signOff={sealed} readOnly />}
      {sealed && scaffolding.id !== null && (
        <Group mb="md">
          {/* Corrections are amendments of items, recorded in the equipment editor's item dialog. */}
          <Button variant="light" onClick={() => navigate(eventItemsPath(scaffolding.id ?? 0))}>
            Amend
          </Button>
        </Group>
      )}
      <fieldset disabled={!!sealed} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="md">
          <Paper withBorder radius="sm" p="md" component="section" aria-label="Event data">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="sm">
              <Select
                label={labels.type}
                withAsterisk
                data={[{ value: '-1', label: 'Choose an event type' }, ...options(scaffolding.types)]}
                allowDeselect={false}
                searchable
                disabled={editing}
                description={editing ? 'The type of a saved event cannot change' : undefined}
                {...form.getInputProps('type')}
              />
              <DateField label={labels.eventDate} withAsterisk {...form.getInputProps('eventDate')} />
              <Select
                label={labels.rig}
                withAsterisk
                data={options(scaffolding.rigs)}
                searchable
                allowDeselect={false}
                placeholder="Choose a rig"
                {...form.getInputProps('rig')}
                onChange={(rig) => {
                  if (rig === values.rig) return;
                  // Projects are those of the chosen rig: the rig's default project, or none.
                  const first = scaffolding.projects.find((p) => String(p.parentId) === rig && p.default);
                  form.setValues({ rig, referenceNo: first ? String(first.id) : null });
                }}
              />
              <Select
                label={labels.referenceNo}
                withAsterisk
                data={options(projects)}
                searchable
                allowDeselect={false}
                disabled={!values.rig}
                placeholder={values.rig ? 'Choose a project' : 'Choose the rig first'}
                nothingFoundMessage="This rig has no projects"
                {...form.getInputProps('referenceNo')}
              />
              <Stack gap={6}>
                <TextInput label={labels.eventLocation} maxLength={EVENT_TEXT_MAX} {...form.getInputProps('eventLocation')} />
                <Group gap="xs">
                  {scaffolding.quickLocations.map((location) => (
                    <Button
                      key={location}
                      size="compact-xs"
                      variant="light"
                      leftSection={<IconMapPin size={12} aria-hidden />}
                      onClick={() => form.setFieldValue('eventLocation', location)}
                    >
                      {location}
                    </Button>
                  ))}
                </Group>
              </Stack>
              <TextInput
                label={labels.ahv}
                description="Anchor handling vessel"
                maxLength={EVENT_TEXT_MAX}
                {...form.getInputProps('ahv')}
              />
              <TextInput label={labels.documentNo} maxLength={EVENT_TEXT_MAX} {...form.getInputProps('documentNo')} />
              <TextInput label={labels.responsible} maxLength={EVENT_TEXT_MAX} {...form.getInputProps('responsible')} />
              <TextInput label={labels.company} maxLength={EVENT_TEXT_MAX} {...form.getInputProps('company')} />
            </SimpleGrid>
            <Textarea
              mt="sm"
              label={labels.comment}
              autosize
              minRows={2}
              maxRows={8}
              maxLength={EVENT_COMMENT_MAX}
              {...form.getInputProps('comment')}
            />
          </Paper>
          <Paper withBorder radius="sm" p="md" component="section" aria-label="Age">
            <Stack gap="sm">
              <Checkbox
                label={labels.isRenewal}
                description={
                  canRenew ? 'A renewal resets the effective age of its items to 0' : 'Only users with Certificates level can change this'
                }
                disabled={!canRenew}
                {...form.getInputProps('isRenewal', { type: 'checkbox' })}
              />
              {!values.isRenewal && (
                <Checkbox
                  label={labels.resetAge}
                  description="Sets the effective age of the items to the age at reset"
                  {...form.getInputProps('resetAge', { type: 'checkbox' })}
                />
              )}
              {values.resetAge && !values.isRenewal && (
                <TextInput
                  label={`${labels.ageAtReset} (years)`}
                  withAsterisk
                  inputMode="decimal"
                  w={{ base: '100%', xs: 200 }}
                  {...form.getInputProps('ageAtReset')}
                />
              )}
            </Stack>
          </Paper>
          <PdfAttachment file={file} onChange={setFile} what="event" />
          {mode.kind === 'copy' && scaffolding.copyOf && (
            <Paper withBorder radius="sm" p="md" component="section" aria-label="Equipment">
              <Checkbox
                label={`Create with equipment (${plural(scaffolding.copyOf.itemCount, 'item')})`}
                description="The copied event's items, in its order, marked not inspected; not their statuses, comments, flags or images"
                disabled={scaffolding.copyOf.itemCount === 0}
                {...form.getInputProps('createWithEquipment', { type: 'checkbox' })}
              />
            </Paper>
          )}
        </Stack>
      </fieldset>
      {!sealed && <SaveBar dirty={dirty} saving={saving} onCancel={() => navigate(eventsPath)} />}
    </Box>
  );
}
