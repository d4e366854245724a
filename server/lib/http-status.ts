import type { ErrorCode } from '../../common/errors';

/** Which HTTP status each domain failure answers with; anything unlisted is a 400. */
const STATUS: Partial<Record<ErrorCode, number>> = {
  not_found: 404,
  user_not_found: 404,
  user_does_not_exist: 404,
  unauthorized: 401,
  login_failed: 401,
  forbidden: 403,
  not_event_owner: 403,
  not_operation_author: 403,
  move_not_author: 403,
  family_not_head: 403,
  family_already_member: 409,
  family_invitation_gone: 410,
  old_password_incorrect: 400,
  conflict: 409,
  operation_changed: 412,
  version_required: 428,
  user_exists: 409,
  dialogue_exists: 409,
  contact_exists: 409,
  phone_in_use: 409,
  person_already_in_event: 409,
  payload_too_large: 413,
  too_many_code_requests: 429,
  too_many_code_requests_here: 429,
  too_many_login_attempts: 429,
  too_many_code_attempts: 429,
  rate_limited: 429,
  internal: 500,
  code_send_failed: 502,
};

export function statusOf(code: ErrorCode): number {
  return STATUS[code] ?? 400;
}
