// Kept apart from the zod schemas: every service, the gateway and every remote's bundle load it.
import { MAX_API_KEYS_PER_ACCOUNT } from '../identity/api-key-limit';

/**
 * Every error code a service or the gateway answers with: its HTTP status and the text a person
 * sees for it. A throw site may pass a more specific message (with numbers, or the id it did not
 * find); the text here is the one it says without, and the one a front end shows for the code.
 * AppError takes its status from here, so a code cannot be answered with two statuses.
 *
 * A few texts predate the house style (sentence case, closing punctuation) and are kept word for
 * word because the pages and their tests show them so: see LEGACY_WORDING in the test.
 */
export const ERROR_CATALOGUE = {
  // ── Any service and the gateway (service-kit) ──────────────────────────────────────────────
  bad_request: { status: 400, text: 'The request is invalid.' },
  validation_failed: { status: 400, text: 'Some fields are invalid' },
  invalid_json: { status: 400, text: 'The request body is not valid JSON.' },
  invalid_text: { status: 400, text: 'Text may not contain NUL or other control characters.' },
  invalid_url: { status: 400, text: 'The URL is not valid: it has malformed percent-encoding.' },
  unauthorized: { status: 401, text: 'Please sign in to continue.' },
  invalid_token: { status: 401, text: 'Your session is not valid. Please sign in again.' },
  token_expired: { status: 401, text: 'Your session has expired. Please sign in again.' },
  session_revoked: { status: 401, text: 'Your session has ended. Please sign in again.' },
  forbidden: { status: 403, text: 'You do not have permission to do that.' },
  admin_required: { status: 403, text: 'Access denied. Admin privileges required.' },
  account_suspended: { status: 403, text: 'Your account has been suspended. Please contact support.' },
  mfa_required: {
    status: 403,
    text: 'Admin access requires two-factor authentication. Set it up in the Two-factor authentication section of your dashboard, or sign in again with your authenticator code.',
  },
  not_found: { status: 404, text: 'The requested resource was not found.' },
  conflict: { status: 409, text: 'The request conflicts with the current state.' },
  payload_too_large: { status: 413, text: 'The request body is too large.' },
  unsupported_media_type: { status: 415, text: 'The request body is in a format or encoding this service does not read.' },
  rate_limited: { status: 429, text: 'Too many requests. Please slow down and try again shortly.' },
  internal_error: { status: 500, text: 'An unexpected error occurred' },
  service_unavailable: { status: 503, text: 'The service is temporarily unavailable. Please try again shortly.' },
  auth_unavailable: { status: 503, text: 'Sign-in cannot be checked right now. Please try again shortly.' },

  // ── The gateway, for a request the service behind it did not answer ─────────────────────────
  upstream_unavailable: { status: 503, text: 'The service is unavailable. Please try again shortly.' },
  upstream_timeout: { status: 504, text: 'The service took too long to respond. Please try again shortly.' },

  // ── svc-identity (IDENTITY_ERROR_CODES names the ones a client acts on) ──────────────────────
  invalid_credentials: { status: 400, text: 'Invalid login credentials' },
  email_not_confirmed: { status: 403, text: 'Email not confirmed. Please open the confirmation link we emailed you before signing in.' },
  invalid_code: { status: 400, text: 'This link is invalid or has expired. Please request a new one.' },
  invalid_otp: { status: 400, text: 'The code is invalid or has expired. Please check it or request a new code.' },
  invalid_refresh_token: { status: 401, text: 'Your session has ended. Please sign in again.' },
  refresh_token_reused: { status: 401, text: 'Your session was ended for your security. Please sign in again.' },
  invalid_mfa_code: { status: 400, text: 'That code is not valid. Enter the current code from your authenticator app or an unused recovery code.' },
  invalid_mfa_challenge: { status: 401, text: 'Your sign-in took too long or had too many wrong codes. Please sign in again.' },
  reauthentication_required: { status: 403, text: 'For your security, enter your current password to make this change.' },
  invalid_current_password: { status: 400, text: 'Your current password is not correct.' },
  api_key_limit_reached: { status: 409, text: `You have ${MAX_API_KEYS_PER_ACCOUNT} API keys, the most an account can have. Revoke one to make another.` },
  mfa_already_enabled: { status: 409, text: 'Two-factor authentication is already on for this account.' },
  mfa_not_enrolling: { status: 409, text: 'Start setting up two-factor authentication first.' },
  mfa_not_enabled: { status: 409, text: 'Two-factor authentication is not on for this account.' },
  json_required: { status: 400, text: 'This request must be sent as JSON (Content-Type: application/json).' },
  user_not_found: { status: 404, text: 'No user with this id.' },
  session_not_found: { status: 404, text: 'This sign-in has already ended.' },
  api_key_not_found: { status: 404, text: 'No API key with this id on your account.' },
  cannot_suspend_self: { status: 400, text: 'You cannot suspend your own account.' },

  // ── svc-identity teams (organisations, memberships, invitations) ────────────────────────────
  organisation_not_found: { status: 404, text: 'No such team, or you are not a member of it.' },
  organisation_slug_taken: { status: 409, text: 'Another team already uses this URL name. Choose another.' },
  team_admin_required: { status: 403, text: "Only the team's owner or an admin can do that." },
  team_owner_required: { status: 403, text: "Only the team's owner can do that." },
  owner_must_transfer: { status: 409, text: 'Transfer ownership to another member before you leave the team.' },
  owner_role_fixed: { status: 409, text: "The owner's role changes only by transferring ownership." },
  organisation_has_subscription: { status: 409, text: 'This team still has an active subscription. Cancel it before deleting the team.' },
  organisation_name_mismatch: { status: 400, text: "Type the team's name exactly as shown to confirm." },
  member_not_found: { status: 404, text: 'No member with this id in the team.' },
  already_member: { status: 409, text: 'This address already belongs to a member of the team.' },
  invitation_pending: { status: 409, text: 'An invitation to this address is already pending. Resend it instead.' },
  invitation_not_found: { status: 404, text: 'This invitation does not exist. Check the link in the email.' },
  invitation_expired: { status: 410, text: 'This invitation has expired. Ask the team for a new one.' },
  invitation_revoked: { status: 410, text: 'This invitation was withdrawn. Ask the team for a new one.' },
  invitation_used: { status: 409, text: 'This invitation has already been accepted.' },
  invitation_wrong_account: {
    status: 403,
    text: 'This invitation was sent to another email address. Sign in with the account of that address to accept it.',
  },
  no_seat_left: {
    status: 409,
    text: "The team has no free seat: every paid seat is taken or held by a pending invitation. The team's owner can add seats on the team page.",
  },

  // ── svc-catalog ─────────────────────────────────────────────────────────────────────────────
  plan_not_found: { status: 404, text: 'This plan does not exist.' },
  plan_exists: { status: 409, text: 'A plan with this id already exists.' },
  agent_not_found: { status: 404, text: 'This agent does not exist.' },
  agent_exists: { status: 409, text: 'An agent with this key already exists.' },
  agent_version_not_found: { status: 404, text: 'This agent has no such published version.' },
  content_not_found: { status: 404, text: 'This content section does not exist.' },
  content_slot_taken: { status: 409, text: 'Another content section already uses this slot.' },
  content_not_deletable: { status: 405, text: 'Content sections cannot be deleted. Set a section inactive to hide it from the site.' },
  course_not_found: { status: 404, text: 'Course Not Found' },
  course_order_invalid: { status: 400, text: 'The order must list every course exactly once. Reload the courses and try again.' },
  enrolment_not_found: { status: 404, text: 'This user is not enrolled in this course.' },
  not_enrolled: { status: 403, text: 'Members Only: You need to be enrolled in this course to access this lesson.' },
  sign_in_required: { status: 401, text: 'Please sign in to see this.' },
  discussion_rate_limited: { status: 429, text: 'You are posting too fast. Please wait a minute and try again.' },
  lesson_not_found: { status: 404, text: 'Lesson Not Found' },
  module_not_found: { status: 400, text: 'This course has no such module.' },
  lesson_order_invalid: { status: 400, text: 'The order must list every lesson of this course exactly once. Reload the lessons and try again.' },
  certificate_not_found: { status: 404, text: 'No certificate has this verification code.' },

  // ── svc-billing (BILLING_ERROR_CODES names them for the remotes) ─────────────────────────────
  free_plan_active: { status: 400, text: 'Free plan is already active!' },
  invalid_plan: { status: 400, text: 'Invalid plan selected' },
  price_not_found: { status: 422, text: 'Price configuration not found. Please contact support.' },
  already_subscribed: {
    status: 409,
    text: 'You already have an active subscription. Please visit the subscription management page to upgrade or downgrade your plan.',
  },
  already_enrolled: { status: 409, text: 'You are already enrolled in this course.' },
  unknown_course: { status: 404, text: 'Course not found' },
  unknown_pack: { status: 404, text: 'Credit pack not found' },
  no_customer: { status: 409, text: 'You have no subscription yet, so there is no billing to manage. Choose a plan to get started.' },
  subscription_not_found: { status: 404, text: 'Subscription not found' },
  subscription_not_active: { status: 409, text: 'Only a running subscription can be changed.' },
  not_canceling: { status: 409, text: 'This subscription is not set to end, so there is nothing to resume.' },
  same_plan: { status: 409, text: 'This is already your plan.' },
  payment_provider_error: { status: 409, text: 'The payment provider returned no checkout page.' },
  /** A webhook names a price no plan has yet: answered with an error so that the provider retries. */
  unknown_price: { status: 409, text: 'No plan is known for this price yet; the webhook will be retried.' },
  // svc-billing teams (seats)
  team_subscription_exists: { status: 409, text: 'This team already has a subscription. Change its seats or plan instead.' },
  no_team_subscription: { status: 409, text: 'This team has no subscription yet. Buy seats first.' },
  same_seats: { status: 409, text: 'The team already pays for this many seats.' },
  seats_below_members: { status: 409, text: 'The team has more members than that. Remove members first, or keep at least one seat per member.' },
  invalid_signature: { status: 400, text: 'The webhook signature is missing or not valid.' },

  // ── svc-chat ────────────────────────────────────────────────────────────────────────────────
  insufficient_credits: { status: 402, text: 'Insufficient credits. Please upgrade your plan.' },
  api_calls_exhausted: { status: 429, text: 'You have used all API calls of this period. Your allowance renews with your plan; upgrade for more.' },
  key_credit_cap_reached: {
    status: 402,
    text: 'This API key has reached its monthly credit cap. The cap resets at the start of next month (UTC); its owner can create a key with a higher cap.',
  },
  member_credit_cap_reached: {
    status: 402,
    text: "You have reached the monthly credit cap your team set for you. It resets with the team's credits; a team admin can raise it.",
  },
  team_pool_empty: { status: 402, text: "Your team's credit pool has no credits. Ask the team's owner to buy seats or a credit pack." },
  balance_too_low: { status: 409, text: 'The deduction is larger than the balance.' },
  balance_too_high: { status: 400, text: 'A wallet cannot hold that many credits.' },
  wallet_not_found: { status: 404, text: 'This user has no credit wallet yet.' },
  settlement_over_reservation: { status: 500, text: 'A reply cost more credits than were reserved.' },
  reservation_record_mismatch: { status: 500, text: 'A reservation was written without the team member’s cap it needed.' },
  conversation_not_found: { status: 404, text: 'This conversation does not exist or is not yours.' },
  message_not_found: { status: 404, text: 'That message is not one of yours in this conversation.' },
  already_refunded: { status: 409, text: 'This reply was already refunded.' },
  agent_not_available: { status: 404, text: 'This agent is not available for your subscription tier.' },
  connection_not_found: { status: 404, text: 'There is no model connection with this id.' },
  connection_in_use: { status: 409, text: 'This is the default connection: make another one the default before deleting it.' },
  connection_failed: { status: 502, text: 'The model connection did not answer as expected.' },

  // ── svc-chat's agent knowledge (the upload's message names the file) ─────────────────────────
  knowledge_file_empty: { status: 400, text: 'The file is empty: it has no text to learn from.' },
  knowledge_file_type: { status: 415, text: "Only Markdown, plain text, PDF and HTML files can be added to an agent's knowledge." },
  knowledge_file_too_large: { status: 413, text: 'The file is larger than 20 MB, the most a knowledge file may be.' },
  knowledge_file_limit: { status: 409, text: 'This agent already has 200 knowledge files, the most it can have. Delete one to add another.' },
  knowledge_file_encrypted: { status: 422, text: 'The PDF is protected by a password, so its text cannot be read. Upload a copy without a password.' },
  knowledge_file_unreadable: { status: 422, text: 'The PDF could not be read: it is damaged or not really a PDF.' },
  knowledge_file_not_found: { status: 404, text: 'This agent has no such knowledge file.' },
  passage_not_found: { status: 404, text: 'This passage is not one a reply of yours cited, or its file was removed.' },

  // ── svc-chat's OpenAI-compatible /v1 API (PUBLIC_API_ERRORS gives each its OpenAI `type`) ────
  invalid_api_key: { status: 401, text: 'Incorrect API key provided.' },
  model_not_found: { status: 404, text: 'The model does not exist or you do not have access to it.' },
  invalid_request: { status: 400, text: 'The request is not valid.' },
  insufficient_quota: { status: 402, text: 'Insufficient credits. Please upgrade your plan.' },
  rate_limit_exceeded: { status: 429, text: 'Rate limit reached for requests per minute on this API key. Please try again shortly.' },
  concurrent_streams_exceeded: {
    status: 429,
    text: 'This API key already has the most streamed completions open at once. Wait for one to finish, or send without streaming.',
  },
  request_too_large: { status: 413, text: 'The request body is too large.' },
  agent_unavailable: { status: 502, text: 'The agent is unavailable right now. Please try again.' },
  server_error: { status: 500, text: 'The server had an error while processing your request. Please try again.' },
} as const satisfies Record<string, { status: number; text: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** The codes answered with HTTP status `S`, e.g. `ErrorCodeWithStatus<404>` for a NotFoundError. */
export type ErrorCodeWithStatus<S extends number> = { [K in ErrorCode]: (typeof ERROR_CATALOGUE)[K]['status'] extends S ? K : never }[ErrorCode];

/** The HTTP status every answer with `code` has. */
export function errorStatus(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].status;
}

/** What a person is shown for `code`. */
export function errorText(code: ErrorCode): string {
  return ERROR_CATALOGUE[code].text;
}
