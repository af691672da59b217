import { ApiError } from '@agentdock/api-client';
import { ADMIN_REQUIRED } from '@agentdock/contracts';
import { isMfaRequired } from '../mfa-required-notice';

/** The texts of the console's red banner; the first nine are the product's own wording. */
export const ADMIN_ERRORS = {
  accessDenied: ADMIN_REQUIRED.message,
  loadFailed: 'Failed to load admin data',
  userStatus: 'Failed to update user status',
  userPlan: 'Failed to update user plan',
  savePlan: 'Failed to save plan',
  deletePlan: 'Failed to delete plan',
  saveAgent: 'Failed to save agent',
  deleteAgent: 'Failed to delete agent',
  saveContent: 'Failed to save content',
  adjustCredits: 'Failed to adjust credits',
  refundReply: 'Failed to refund the reply',
  courseAccess: 'Failed to update course access',
  saveLesson: 'Failed to save lesson',
  saveCourse: 'Failed to save course',
  archiveCourse: 'Failed to archive course',
  restoreCourse: 'Failed to restore course',
  reorderCourses: 'Failed to reorder courses',
  resetMfa: 'Failed to reset two-factor authentication',
  revokeSession: 'Failed to end the sign-in',
  saveConnection: 'Failed to save the connection',
  deleteConnection: 'Failed to delete the connection',
  saveDraft: 'Failed to save the draft',
  publishAgent: 'Failed to publish the agent',
  restoreVersion: 'Failed to restore the version',
  draftTest: 'The draft test failed',
  exportCsv: 'Failed to export the CSV',
  saveTrial: 'Failed to save the trial',
  savePromotion: 'Failed to create the promotion code',
  updatePromotion: 'Failed to update the promotion code',
  saveBillingSettings: 'Failed to save the tax setting',
} as const;

export type AdminErrorText = (typeof ADMIN_ERRORS)[keyof typeof ADMIN_ERRORS];

export interface BannerMessage {
  text: AdminErrorText;
  /** The server's own explanation, when it gave one. */
  detail?: string;
}

/**
 * What the banner says about a failed action. A 403 means this session lost its admin rights
 * (or was suspended) since the page opened, whatever the action was.
 */
export function bannerFor(text: AdminErrorText, error: unknown, fromForm = false): BannerMessage {
  // Without a second factor the server's message says what to do (set one up on the dashboard).
  if (error instanceof ApiError && error.status === 403)
    return isMfaRequired(error) ? { text: ADMIN_ERRORS.accessDenied, detail: error.message } : { text: ADMIN_ERRORS.accessDenied };
  // A form shows the server's explanation beside its fields, in view; the banner keeps the product's text alone.
  if (fromForm && shownInForm(error)) return { text };
  const detail = error instanceof Error && error.message && error.message !== text ? error.message : undefined;
  return detail ? { text, detail } : { text };
}

/** A refusal of what the admin typed (4xx but not an access refusal): the form shows it where it applies. */
export function shownInForm(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 403;
}
