import { type ApiClient, ApiError } from '@agentdock/api-client';
import { BILLING_ENDPOINTS, BILLING_TEXTS } from '@agentdock/contracts';
import { memberClient } from '../api/visitor';
import { redirectTo } from './browser';

export interface CourseCheckoutDeps {
  api: Pick<ApiClient, 'call'>;
  /** Where the browser goes: the payment provider's hosted checkout page. */
  goTo: (url: string) => void;
}

const browserDeps = (): CourseCheckoutDeps => ({ api: memberClient(), goTo: redirectTo });

/**
 * Sends the signed-in visitor to pay for a course's monthly subscription (`courseId` may be the
 * community course). Resolves with the text to show when billing refuses or fails; a refusal the
 * visitor can act on ('You are already enrolled in this course.') keeps billing's own words.
 */
export async function startCourseCheckout(courseId: string, { api, goTo }: CourseCheckoutDeps = browserDeps()): Promise<string | null> {
  try {
    const { url } = await api.call(BILLING_ENDPOINTS.checkout, { body: { kind: 'course', courseId } });
    goTo(url);
    return null;
  } catch (error) {
    console.error('[agentdock] course checkout failed', error);
    const known = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401;
    return known ? error.message : BILLING_TEXTS.checkoutFailed;
  }
}
