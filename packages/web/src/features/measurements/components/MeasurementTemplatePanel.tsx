import { Alert, Badge, Button, Group, NativeSelect, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { type MeasurementTemplates, measurementEndpoints, ownerEndpoints, type TemplateVersion } from '@portal/contract';
import { useState } from 'react';
import { openDeleteConfirm } from '../../../components/openDeleteConfirm.tsx';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { formatDate } from '../../../lib/format.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/notify.tsx';
import { useCopyTemplate, useRemoveSubTypeTemplate, useRemoveTypeTemplate, useSetSubTypeTemplate, useSetTypeTemplate } from '../api.ts';
import { checkDraft, type DraftErrors, firstMessages, type TemplateDraft, toDraft } from '../draft.ts';
import { TemplateEditor } from './TemplateEditor.tsx';

/** 'type' or a sub-type's id: whose template the panel shows. */
type Scope = 'type' | number;

const versionLine = (version: TemplateVersion) =>
  `Version ${version.version}, saved ${formatDate(version.createdDate)}${version.createdBy ? ` by ${version.createdBy}` : ''}`;

/**
 * A certificate type's measurement template and criteria (Admin, on /Admin/Owners/{owner}/{type},
 * next to the inspection regime; docs/measurements.md): the type's template or a sub-type's override,
 * saved as a new version; an override removed; the type's template copied to another owner's type.
 */
export function MeasurementTemplatePanel({ typeId }: { typeId: number }) {
  const templates = useEndpoint(measurementEndpoints.templates, { params: { id: typeId } });
  const [scope, setScope] = useState<Scope>('type');
  if (!templates.data) return null;
  const data = templates.data;
  const subType = scope === 'type' ? undefined : data.subTypes.find((s) => s.id === scope);
  return (
    <Paper withBorder radius="sm" p="sm" component="section" aria-label="Measurements and criteria">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            Measurements and criteria
          </Title>
          <Text size="xs" c="dimmed">
            What the inspector records for this kind of equipment, and the criteria that propose a status. Each save is a new version:
            records keep the version they were judged by.
          </Text>
        </div>
        {data.subTypes.length > 0 && (
          <NativeSelect
            label="Template of"
            w={360}
            maw="100%"
            value={String(scope)}
            data={[
              { value: 'type', label: `${data.certificateType.name} (the type)` },
              ...data.subTypes.map((s) => ({
                value: String(s.id),
                label: `${s.name}: ${s.template ? 'own template' : "uses the type's"}`,
              })),
            ]}
            onChange={(event) => setScope(event.currentTarget.value === 'type' ? 'type' : Number(event.currentTarget.value))}
          />
        )}
        {subType ? (
          <SubTypeTemplate key={subType.id} data={data} subType={subType} />
        ) : (
          <TypeTemplate key={`type-${data.certificateType.template?.id ?? 'none'}`} data={data} />
        )}
        {scope === 'type' && data.certificateType.template && <CopyTemplate data={data} />}
      </Stack>
    </Paper>
  );
}

function TypeTemplate({ data }: { data: MeasurementTemplates }) {
  const { certificateType } = data;
  const save = useSetTypeTemplate();
  const remove = useRemoveTypeTemplate();
  const [editing, setEditing] = useState(certificateType.template !== null);
  if (!editing)
    return (
      <Group gap="sm">
        <Text size="sm">No measurement template: inspections of {certificateType.name} record a status only.</Text>
        <Button variant="default" onClick={() => setEditing(true)}>
          Add a template
        </Button>
      </Group>
    );
  return (
    <TemplateForm
      name={certificateType.name}
      version={certificateType.template}
      start={certificateType.template}
      saving={save.isPending}
      onSave={(body) => save.mutateAsync({ params: { id: certificateType.id }, body })}
      removeLabel={certificateType.template ? 'Remove template' : undefined}
      onRemove={() =>
        openDeleteConfirm({
          text: `${certificateType.name} will have no template. Its versions stay with the records judged by them.`,
          confirm: 'Remove',
          onConfirm: () =>
            remove.mutateAsync({ params: { id: certificateType.id } }).then(
              () => showSuccessToast(`The template of '${certificateType.name}' was removed`),
              (error) => showErrorToast(error, 'The template could not be removed'),
            ),
        })
      }
    />
  );
}

function SubTypeTemplate({ data, subType }: { data: MeasurementTemplates; subType: MeasurementTemplates['subTypes'][number] }) {
  const save = useSetSubTypeTemplate();
  const remove = useRemoveSubTypeTemplate();
  const [editing, setEditing] = useState(subType.template !== null);
  const inherited = data.certificateType.template;
  if (!editing)
    return (
      <Stack gap={6}>
        <Text size="sm">
          {subType.name} uses the template of {data.certificateType.name}
          {inherited ? ` (${versionLine(inherited)}).` : ', which has none.'}
        </Text>
        <Group>
          <Button variant="default" onClick={() => setEditing(true)}>
            Override for {subType.name}
          </Button>
        </Group>
      </Stack>
    );
  return (
    <TemplateForm
      name={subType.name}
      version={subType.template}
      // An override starts from the type's template.
      start={subType.template ?? inherited}
      saving={save.isPending}
      onSave={(body) => save.mutateAsync({ params: { id: subType.id }, body })}
      removeLabel={subType.template ? 'Remove override' : undefined}
      onRemove={() =>
        openDeleteConfirm({
          text: `${subType.name} will use the template of ${data.certificateType.name} again. Its versions stay with the records judged by them.`,
          confirm: 'Remove',
          onConfirm: () =>
            remove.mutateAsync({ params: { id: subType.id } }).then(
              () => {
                setEditing(false);
                showSuccessToast(`The override of '${subType.name}' was removed`);
              },
              (error) => showErrorToast(error, 'The override could not be removed'),
            ),
        })
      }
    />
  );
}

function TemplateForm({
  name,
  version,
  start,
  saving,
  onSave,
  removeLabel,
  onRemove,
}: {
  name: string;
  /** The saved version shown (none yet: a new template or override). */
  version: TemplateVersion | null;
  start: TemplateVersion | null;
  saving: boolean;
  onSave: (body: ReturnType<typeof checkDraft>['body']) => Promise<unknown>;
  removeLabel?: string;
  onRemove: () => void;
}) {
  const [draft, setDraft] = useState<TemplateDraft>(() => toDraft(start));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [tried, setTried] = useState(false);
  const change = (next: TemplateDraft) => {
    setDraft(next);
    // After a first save attempt, the messages follow the typing.
    if (tried) setErrors(checkDraft(next).errors);
  };
  const submit = async () => {
    setTried(true);
    const { body, errors: found } = checkDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await onSave(body);
      showSuccessToast(`The template of '${name}' was saved`);
    } catch (error) {
      if (isApiError(error) && error.hasFieldErrors) setErrors(firstMessages(error.fieldErrors));
      else showErrorToast(error, 'The template could not be saved');
    }
  };
  const problems = Object.keys(errors).length;
  return (
    <Stack gap="sm">
      <Group gap="xs">{version ? <Badge variant="light">{versionLine(version)}</Badge> : <Badge color="gray">Not saved yet</Badge>}</Group>
      <TemplateEditor draft={draft} errors={errors} onChange={change} name={name} />
      {problems > 0 && (
        <Alert color="red" p="xs" role="alert">
          {problems === 1 ? '1 problem found' : `${problems} problems found`}
          {errors[''] ? `: ${errors['']}` : ''}
        </Alert>
      )}
      <Group gap="sm">
        <Button onClick={submit} loading={saving} aria-label={`Save the template of ${name}`}>
          Save
        </Button>
        {removeLabel && (
          <Button variant="default" color="red" onClick={onRemove}>
            {removeLabel}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** Copies the type's template (and its overrides, by sub-type name) to another owner's type. */
function CopyTemplate({ data }: { data: MeasurementTemplates }) {
  const owners = useEndpoint(ownerEndpoints.list);
  const [ownerId, setOwnerId] = useState<string | null>(null);
  const [targetId, setTargetId] = useState<string | null>(null);
  const types = useEndpoint(ownerEndpoints.types, { params: { id: Number(ownerId) } }, { enabled: ownerId !== null });
  const copy = useCopyTemplate();
  const run = async () => {
    if (!targetId) return;
    try {
      const result = await copy.mutateAsync({ params: { id: data.certificateType.id }, body: { certificateType: Number(targetId) } });
      const target = result.templates.certificateType;
      const parts = [`Copied to ${target.owner.name}, ${target.name}`];
      if (result.copiedOverrides.length) parts.push(`overrides of ${result.copiedOverrides.join(', ')} too`);
      if (result.skippedOverrides.length) parts.push(`no sub-type there for ${result.skippedOverrides.join(', ')}`);
      showSuccessToast(parts.join('; '));
    } catch (error) {
      showErrorToast(error, 'The template could not be copied');
    }
  };
  return (
    <Stack gap={4} component="section" aria-label="Copy the template">
      <Title order={3} size="h5">
        Copy to another owner's type
      </Title>
      <Text size="xs" c="dimmed">
        The type's template becomes a new version there; each sub-type override goes to the sub-type of the same name.
      </Text>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          label="Copy to owner"
          w={220}
          searchable
          value={ownerId}
          data={(owners.data ?? []).map((owner) => ({ value: String(owner.id), label: owner.name }))}
          onChange={(value) => {
            setOwnerId(value);
            setTargetId(null);
          }}
        />
        <Select
          label="Certificate type"
          w={200}
          disabled={ownerId === null}
          value={targetId}
          data={(types.data ?? [])
            .filter((type) => type.id !== data.certificateType.id)
            .map((type) => ({ value: String(type.id), label: type.name }))}
          onChange={setTargetId}
        />
        <Button variant="default" disabled={!targetId} loading={copy.isPending} onClick={run}>
          Copy template
        </Button>
      </Group>
    </Stack>
  );
}
