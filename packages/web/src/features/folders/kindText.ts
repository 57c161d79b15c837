import { type FolderKind, folderKindLabels } from '@portal/contract';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** How a folder kind is named on screen: 'status' / 'Status' / 'statuses' / 'Statuses'. */
export function kindText(kind: FolderKind) {
  const { one, many } = folderKindLabels[kind];
  return { one, many, One: capitalise(one), Many: capitalise(many) };
}
