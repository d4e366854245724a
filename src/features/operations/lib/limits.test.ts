import { describe, expect, it } from 'vitest';
import * as contract from '@common/contract/operations';
import { COMMENT_MAX, DESCRIPTION_MAX, OPERATIONS_PAGE_SIZE } from './limits';

describe('the limits the operation screens restate', () => {
  it('are the contract’s', () => {
    expect({ OPERATIONS_PAGE_SIZE, DESCRIPTION_MAX, COMMENT_MAX }).toEqual({
      OPERATIONS_PAGE_SIZE: contract.OPERATIONS_PAGE_SIZE,
      DESCRIPTION_MAX: contract.DESCRIPTION_MAX,
      COMMENT_MAX: contract.COMMENT_MAX,
    });
  });
});
