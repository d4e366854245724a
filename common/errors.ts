/**
 * One error vocabulary from server to screen (DESIGN §6). The server answers
 * `{ error: <English message>, code: <ErrorCode> }`; the web app translates by code
 * (locale key `errors.<code>`) and falls back to the message.
 * The English texts are the specification's, word for word.
 */
export const ERROR_MESSAGES = {
  // generic
  bad_request: 'Bad request',
  validation_failed: 'Some fields are not filled in correctly',
  not_found: 'Not found',
  unauthorized: 'Authentication required',
  forbidden: 'You do not have access to this',
  conflict: 'This change conflicts with the current data',
  payload_too_large: 'The request is too large',
  internal: 'An error has occurred. Service is temporarily down',
  empty_response: 'empty response',
  // What the web app itself says when an answer is not what it asked for (specification §8).
  id_not_specified: 'id not specified',
  bad_response: 'bad response',
  empty_events: 'empty events',
  invalid_credentials: 'Invalid credentials',
  id_not_specified_in_expenses: 'id not specified in expenses',
  delete_transaction_failed: 'failed to delete transaction: {message}',
  add_transaction_failed: 'error in addTransaction action',
  rate_limited: 'Too many requests. Please try again later.',

  // accounts
  login_failed: 'The phone number or password you entered is incorrect.',
  signup_failed: 'Error in registration. Please try again.',
  user_exists: 'User with this phone already exists',
  restore_failed: 'Server could not restore the password. Please try again later.',
  code_send_failed: 'Server could not send the code. Please try again later.',
  user_does_not_exist: 'This user does not exist.',
  too_many_code_requests: 'Too many code requests for this phone number. Please try again later.',
  too_many_code_requests_here: 'Too many code requests from this network. Please try again later.',
  too_many_login_attempts: 'Too many login attempts. Please try again later.',
  too_many_code_attempts: 'Too many wrong codes. Please try again later.',
  code_too_short: 'confirmation code too short',
  code_invalid: 'The confirmation code is incorrect or expired.',
  old_password_incorrect: 'The old password you entered is incorrect. Please try again.',
  password_too_short: 'Password is too short',
  required_field: 'Required field',
  first_name_required: 'First name required',
  last_name_required: 'Last name required',
  avatar_required: 'Profile picture required',
  phone_incorrect: 'phone incorrect',
  picture_size: 'Picture size should be between 70x70px and 10000x10000px',
  picture_too_big: 'Picture size is too big',
  picture_invalid: 'The file is not a picture',
  picture_not_square: 'The picture should be square',

  // people and families
  user_not_found: 'user not found',
  contact_exists: 'This person is already in your contacts',
  phone_in_use: 'Someone already has this phone number in Dolya: a person known by name can only be given a number nobody has yet',
  person_already_in_event: 'The person with this phone number is already in the event, so the two cannot become one',
  family_too_big: 'There should be less than five people in the family',
  family_not_head: 'Only the head of the family can change it',
  family_already_member: 'You are already in a family. Leave it before joining another.',
  family_invitation_gone: 'This invitation is no longer valid',
  nothing_to_request: 'This person owes you nothing',

  // events and operations
  event_name_required: 'event name required',
  sender_or_recipient_required: 'sender or recipient required',
  sender_recipient_same: 'sender and recipient must differ',
  participants_too_few: 'an operation needs two or more participants',
  participants_too_many: 'An event can have at most 200 participants',
  amount_too_small: 'amount must be above the minimum',
  amount_invalid: 'amount is not a valid number',
  amount_thousands: 'Did you mean {grouped}? Write amounts without thousands separators: a comma or a dot starts the decimals',
  amount_decimals: 'too many digits after the decimal separator for this currency',
  remainder_negative: 'sum remainder must not be negative',
  parts_do_not_sum: 'the parts must add up to the amount',
  payers_do_not_sum: 'what the payers paid must add up to the amount',
  percents_do_not_sum: 'the percentages must add up to 100',
  operation_changed: 'Someone else changed this operation while you were editing it',
  version_required: 'Say which version of the operation you are changing (If-Match)',
  repeat_until_before_start: 'A repeating operation must end after its first date',
  repeat_start_too_old: 'A repeating operation can start at most a year ago',
  too_many_receipts: 'An operation can have at most 10 receipt pictures',
  dialogue_exists: 'dialogue already exists',
  all_participants_added: 'all participants added',
  no_currency_found: 'no currency found',
  currency_unknown: 'unknown currency',
  rate_unavailable: 'no exchange rate for this currency and date',
  participant_not_in_event: 'everyone in the operation must be a participant of the event',
  move_target_missing_people: 'everyone in the operation must be a participant of the target event',
  delete_user_with_history: "It's not possible to delete the user with operations history",
  delete_user_with_debt: "It's not possible to delete the user with a debt",
  leave_with_debt: 'You can leave this event once you are settled in it',
  delete_dialogue_with_debt: 'You can delete this dialogue once you are settled in it',
  delete_dialogue_with_others: 'This dialogue holds records the other person wrote, so it cannot be deleted',
  leave_with_history: 'You cannot leave this event: its operations name you',
  dialogue_no_participants: 'No participants can be added to a dialogue',
  not_event_owner: 'Only the event owner can do this',
  not_operation_author: 'Only the one who recorded this operation can make it repeat',
  move_not_author: 'In a dialogue, only the one who recorded an operation can move it',
  event_deleted: 'This event has been deleted',
  amount_too_large: 'The amount is too large for one operation',
  totals_too_large: 'This operation would take the totals past what can be kept exactly',

  // data in and out
  import_unreadable:
    'This file is not a Splitwise, Spliit or Dolya export: a spreadsheet needs Date, Description, Cost and Currency columns and a column per person',
  import_too_big: 'The file has more than 20,000 rows',
  import_empty: 'The file has no operations to import',
  import_person_unmatched: 'Say who each person of the file is: a contact, or a phone number to add',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

export const ERROR_CODES = Object.keys(ERROR_MESSAGES) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_MESSAGES, value);
}

/** The body of every error answer. `field` names the input at fault when there is one. */
export interface ErrorBody {
  error: string;
  code: ErrorCode;
  field?: string;
  /** The specification's client reads `phone` for phone problems. */
  phone?: string;
}

/** A domain failure that carries a stable code; the server maps it to a 4xx answer. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly field?: string,
  ) {
    super(ERROR_MESSAGES[code]);
    this.name = 'DomainError';
  }
}
