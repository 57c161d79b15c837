import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type ListQuery, listStatus } from '../../../components/listStatus.ts';
import type { Crumb } from '../../../components/PageBreadcrumbs.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useEditParam } from '../../../components/useEditParam.ts';
import { type CatalogueLevel, useSaveCatalogueNode } from '../api.ts';
import { type CatalogueRow, CatalogueTable } from './CatalogueTable.tsx';
import { NameDialog, type Nominal } from './NameDialog.tsx';

interface CataloguePageProps<Row extends CatalogueRow> {
  crumbs: Crumb[];
  /** 'Certificate types', 'Sub-types', 'Dimensions'. */
  title: string;
  /** 'certificate type', 'sub-type', 'dimension'. */
  noun: string;
  level: CatalogueLevel;
  /** The owner, type or sub-type the rows belong to; undefined while it loads. */
  parentId: number | undefined;
  /** The level's list query: loading, failed (with Retry) and the rows. */
  list: ListQuery & { data: Row[] | undefined };
  linkTo?: (row: Row) => string;
  /** Dimensions: their nominal size, shown and edited beside the name. */
  nominal?: (row: Row | undefined) => Nominal;
}

/** One level below an owner: the list, an Add button, and the add/rename dialog (`?edit=`). */
export function CataloguePage<Row extends CatalogueRow>({
  crumbs,
  title,
  noun,
  level,
  parentId,
  list,
  linkTo,
  nominal,
}: CataloguePageProps<Row>) {
  const { editing, openNew, openEdit, close } = useEditParam();
  const save = useSaveCatalogueNode();
  const edited = typeof editing === 'number' ? list.data?.find((row) => row.id === editing) : undefined;
  const addLabel = `Add ${noun}`;

  return (
    <>
      <PageHeader
        title={title}
        crumbs={crumbs}
        description={`The ${title.toLowerCase()} of ${crumbs.at(-1)?.label ?? 'this entry'}. Add one, or rename one with its edit button.`}
      >
        <Button leftSection={<IconPlus size={18} />} onClick={openNew} disabled={parentId === undefined}>
          {addLabel}
        </Button>
      </PageHeader>
      <CatalogueTable<Row>
        label={title}
        rows={list.data}
        status={listStatus(list)}
        emptyText={`No ${title.toLowerCase()} yet. Add one with ${addLabel}.`}
        linkTo={linkTo}
        nominal={nominal}
        onEdit={(row) => openEdit(row.id)}
      />
      {editing === 'new' && parentId !== undefined && (
        <NameDialog
          key="new"
          title={addLabel}
          noun={noun}
          adding
          initialName=""
          initialNominal={nominal?.(undefined)}
          saving={save.isPending}
          onClose={close}
          onSave={(name, nominalSize) => save.mutateAsync({ level, name, nominal: nominalSize, parentId })}
        />
      )}
      {edited && (
        <NameDialog
          key={edited.id}
          title={`Rename ${edited.name}`}
          noun={noun}
          initialName={edited.name}
          initialNominal={nominal?.(edited)}
          saving={save.isPending}
          onClose={close}
          onSave={(name, nominalSize) => save.mutateAsync({ level, name, nominal: nominalSize, id: edited.id })}
        />
      )}
    </>
  );
}
