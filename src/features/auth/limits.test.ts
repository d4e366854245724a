import { describe, expect, it } from 'vitest';
import * as contract from '@common/contract/auth';
import { CODE_LENGTH, PASSWORD_MIN_LENGTH } from './limits';

describe('the limits the auth screens check', () => {
  it('are the contract’s', () => {
    expect(CODE_LENGTH).toBe(contract.CODE_LENGTH);
    expect(PASSWORD_MIN_LENGTH).toBe(contract.PASSWORD_MIN_LENGTH);
  });
});
