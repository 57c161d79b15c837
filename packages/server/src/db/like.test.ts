import { describe, expect, it } from 'vitest';
import { escapeLike } from './like.ts';

describe('escapeLike', () => {
  it('makes %, _ and \\ literal, and leaves other text as it is', () => {
    expect(escapeLike('50%_off\\now')).toBe('50\\%\\_off\\\\now');
    expect(escapeLike('AMP-AS-114/0141')).toBe('AMP-AS-114/0141');
  });
});
