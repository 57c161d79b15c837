/** The backup files in BACKUP_DIR: listing (newest first), retention and the companion checksum. */
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { BACKUP_NAME, type BackupKind } from './format.ts';

export interface BackupFileInfo {
  name: string;
  kind: BackupKind;
  createdAt: string;
  size: number;
  sha256: string | null;
}

/** The complete backups (a `.part` is still being written), newest first; none when the folder is missing. */
export async function listBackupFiles(dir: string): Promise<BackupFileInfo[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const found: BackupFileInfo[] = [];
  for (const name of names) {
    const match = name.match(BACKUP_NAME);
    if (!match) continue;
    const [, kind, day, time] = match;
    const createdAt = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}T${time.slice(0, 2)}:${time.slice(2, 4)}:${time.slice(4)}Z`;
    const info = await stat(path.join(dir, name)).catch(() => null);
    if (!info) continue;
    const sha256 = await readFile(path.join(dir, `${name}.sha256`), 'utf8')
      .then((line) => line.split(/\s+/)[0])
      .catch(() => null);
    found.push({ name, kind: kind as BackupKind, createdAt, size: info.size, sha256 });
  }
  return found.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.name.localeCompare(b.name));
}

/** Keeps the newest `retain` backups of each kind; deletes the rest with their checksum files. */
export async function pruneBackups(dir: string, retain: number): Promise<string[]> {
  const files = await listBackupFiles(dir);
  const removed: string[] = [];
  for (const kind of ['full', 'partial'] as const) {
    for (const file of files.filter((candidate) => candidate.kind === kind).slice(retain)) {
      await rm(path.join(dir, file.name), { force: true });
      await rm(path.join(dir, `${file.name}.sha256`), { force: true });
      removed.push(file.name);
    }
  }
  return removed;
}
