import { UserLevel, userMessages } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { checkMayManage, checkUserDelete, checkUserEdit } from './policy.ts';

const admin = { id: 1, userLevel: UserLevel.Admin };
const user = (id: number, level: number, type = 0) => ({ id, userLevel: level, userType: type });
const failure = (fn: () => void) => {
  try {
    fn();
  } catch (error) {
    return { status: (error as { status: number }).status, message: (error as Error).message };
  }
  return undefined;
};

describe('user administration rules', () => {
  it('nobody changes a user above their own level', () => {
    expect(failure(() => checkMayManage(admin, user(2, UserLevel.SystemAdministrator)))).toEqual({
      status: 403,
      message: userMessages.higherLevelUser,
    });
    expect(failure(() => checkUserEdit(admin, user(2, UserLevel.SystemAdministrator), { userLevel: 1, userType: 0 }))?.status).toBe(403);
    expect(failure(() => checkUserDelete(admin, user(2, UserLevel.SystemAdministrator)))?.status).toBe(403);
    expect(failure(() => checkMayManage(admin, user(2, UserLevel.Admin)))).toBeUndefined();
  });

  it('nobody raises a user above their own level', () => {
    expect(failure(() => checkUserEdit(admin, user(2, UserLevel.Read), { userLevel: UserLevel.SystemAdministrator, userType: 0 }))).toEqual(
      {
        status: 400,
        message: userMessages.levelAboveOwn,
      },
    );
    expect(failure(() => checkUserEdit(admin, user(2, UserLevel.Read), { userLevel: UserLevel.Admin, userType: 0 }))).toBeUndefined();
  });

  it('nobody changes their own level or type, or deletes themselves', () => {
    expect(failure(() => checkUserEdit(admin, user(1, UserLevel.Admin), { userLevel: UserLevel.Read, userType: 0 }))?.message).toBe(
      userMessages.ownLevel,
    );
    expect(failure(() => checkUserEdit(admin, user(1, UserLevel.Admin), { userLevel: UserLevel.Admin, userType: 1 }))?.message).toBe(
      userMessages.ownType,
    );
    expect(failure(() => checkUserEdit(admin, user(1, UserLevel.Admin), { userLevel: UserLevel.Admin, userType: 0 }))).toBeUndefined();
    expect(failure(() => checkUserDelete(admin, user(1, UserLevel.Admin)))).toEqual({ status: 400, message: userMessages.deleteSelf });
  });
});
