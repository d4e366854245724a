/**
 * The contract's limits, restated so the tab chunks do not pull in zod with the contract module
 * (limits.test.ts keeps them equal to common/contract/operations).
 */
export const OPERATIONS_PAGE_SIZE = 20;
export const DESCRIPTION_MAX = 500;
export const COMMENT_MAX = 2000;
