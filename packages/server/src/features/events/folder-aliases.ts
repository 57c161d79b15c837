import { alias } from 'drizzle-orm/pg-core';
import { folders } from '../../db/schema.ts';

/** The folders naming an event's type, rig and project. */
export const type = alias(folders, 'type');
export const rig = alias(folders, 'rig');
export const project = alias(folders, 'project');
