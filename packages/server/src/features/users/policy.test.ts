import { UserLevel, userMessages } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { checkUserDelete, checkUserEdit } from './policy.ts';

const admin = { id: 1, userLevel: UserLevel.SystemAdministrator, allOwners: true, ownerIds: [] };
const restricted = { id: 1, userLevel: UserLevel.SystemAdministrator, allOwners: false, ownerIds: [10, 11] };
const user = (id: number, level: number, owners: number[] | 'all' = [], type = 0) => ({
  id,
  userLevel: level,
  userType: type,
  allOwners: owners === 'all',
  ownerIds: owners === 'all' ? [] : owners,
});
const edit = (level: number, owners: number[] | 'all' = [], type = 0) => ({
  userLevel: level,
  userType: type,
  allOwners: owners === 'all',
  owners: owners === 'all' ? [] : owners,
});
const failure = (fn: () => void) => {
  try {
    fn();
  } catch (error) {
    const { status, errors } = error as { status: number; errors?: Record<string, string[]> };
    return { status, fields: Object.keys(errors ?? {}), message: (error as Error).message };
  }
  return undefined;
};

describe('user administration rules', () => {
  it('nobody raises a user above their own level', () => {
    const reader = { ...admin, userLevel: UserLevel.Admin };
    expect(failure(() => checkUserEdit(reader, user(2, UserLevel.Read), edit(UserLevel.SystemAdministrator)))).toEqual({
      status: 400,
      fields: ['userLevel'],
      message: userMessages.levelAboveOwn,
    });
    expect(failure(() => checkUserEdit(reader, user(2, UserLevel.Read), edit(UserLevel.Admin)))).toBeUndefined();
  });

  it('a manager with an owner list grants only owners they have, never all owners', () => {
    const target = user(2, UserLevel.Read, [10]);
    expect(failure(() => checkUserEdit(restricted, target, edit(UserLevel.Read, 'all')))).toEqual({
      status: 400,
      fields: ['allOwners'],
      message: userMessages.ownersBeyondOwn,
    });
    expect(failure(() => checkUserEdit(restricted, target, edit(UserLevel.Read, [10, 12])))?.fields).toEqual(['owners']);
    expect(failure(() => checkUserEdit(restricted, target, edit(UserLevel.Read, [10, 11])))).toBeUndefined();
    expect(failure(() => checkUserEdit(admin, target, edit(UserLevel.Read, 'all')))).toBeUndefined();
  });

  it('nobody changes their own level, type or owners, or deletes themselves', () => {
    const self = user(1, UserLevel.SystemAdministrator, [10, 11]);
    expect(failure(() => checkUserEdit(restricted, self, edit(UserLevel.Read, [10, 11])))?.message).toBe(userMessages.ownLevel);
    expect(failure(() => checkUserEdit(restricted, self, edit(UserLevel.SystemAdministrator, [10, 11], 1)))?.message).toBe(
      userMessages.ownType,
    );
    expect(failure(() => checkUserEdit(restricted, self, edit(UserLevel.SystemAdministrator, [10])))).toEqual({
      status: 400,
      fields: ['owners'],
      message: userMessages.ownOwners,
    });
    expect(
      failure(() => checkUserEdit(admin, user(1, UserLevel.SystemAdministrator, 'all'), edit(UserLevel.SystemAdministrator, [10]))),
    ).toEqual({
      status: 400,
      fields: ['allOwners'],
      message: userMessages.ownOwners,
    });
    expect(failure(() => checkUserEdit(restricted, self, edit(UserLevel.SystemAdministrator, [11, 10])))).toBeUndefined();
    expect(failure(() => checkUserDelete(admin, user(1, UserLevel.SystemAdministrator)))).toEqual({
      status: 400,
      fields: [],
      message: userMessages.deleteSelf,
    });
  });
});
