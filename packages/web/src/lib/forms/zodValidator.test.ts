import {
  catalogueRenameBody,
  loginBody,
  messages,
  ownerBody,
  registerUserBody,
  setPasswordBody,
  USERNAME_MAX,
  userMessages,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { OK, type ValidationResult, type Validator } from './validation.ts';
import { zodMessage, zodRules, zodValidator } from './zodValidator.ts';

const signal = new AbortController().signal;
const check = (validator: Validator, value: unknown) => validator(value, {}, signal) as ValidationResult;

describe('zodValidator', () => {
  it("answers the contract's messages, as the server would", () => {
    const username = zodValidator(loginBody.shape.username);
    expect(check(username, '')).toEqual({ severity: 'Error', message: 'Username is required' });
    expect(check(username, '   ')).toEqual({ severity: 'Error', message: 'Username is required' });
    expect(check(username, 'x'.repeat(USERNAME_MAX + 1))).toEqual({
      severity: 'Error',
      message: messages.maxLength('Username', USERNAME_MAX),
    });
    expect(check(username, 'x'.repeat(USERNAME_MAX))).toEqual(OK);
    expect(check(username, 'a\u0000b').message).toBe('Username must not contain control characters');
    expect(check(zodValidator(loginBody.shape.password), '')).toEqual({ severity: 'Error', message: 'Password is required' });
    // Passwords are not trimmed: spaces are a password.
    expect(check(zodValidator(loginBody.shape.password), '   ')).toEqual(OK);
  });

  it('uses the message of the first failing check, with the given severity', () => {
    const email = zodValidator(registerUserBody.shape.email, 'Critical');
    expect(check(email, 'not an address')).toEqual({ severity: 'Critical', message: messages.couldNotAddUser });
    expect(check(email, ' ann@example.com ')).toEqual(OK);
  });
});

describe('zodRules', () => {
  it("gives each named field its schema field's rule", () => {
    const rules = zodRules(ownerBody, ['name', 'shortCode']);
    expect(Object.keys(rules)).toEqual(['name', 'shortCode']);
    expect(check(rules.name[0], '')).toEqual({ severity: 'Error', message: 'Name is required' });
    expect(check(rules.shortCode[0], 'x'.repeat(11)).message).toBe(messages.maxLength('Short code', 10));
    expect(check(zodRules(catalogueRenameBody, ['name']).name[0], 'Chains')).toEqual(OK);
  });
});

describe('zodMessage', () => {
  it('answers the first message or null, object rules across fields included', () => {
    const body = { userId: 4, newPassword: 'longenough', confirmPassword: 'longenough' };
    expect(zodMessage(setPasswordBody, body)).toBeNull();
    expect(zodMessage(setPasswordBody, { ...body, confirmPassword: 'different1' })).toBe(userMessages.passwordsDiffer);
    expect(zodMessage(setPasswordBody, { ...body, newPassword: 'short', confirmPassword: 'short' })).toBe(
      messages.minLength('New password', 7),
    );
  });
});
