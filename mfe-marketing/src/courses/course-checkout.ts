import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { type ApiClient, ApiError } from '@agentdock/api-client';
import { signInHref } from '@agentdock/ui';
import { BILLING_ENDPOINTS, BILLING_TEXTS } from '@agentdock/contracts';
import { memberClient, useVisitor } from '../api/visitor';
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

/** What the visitor's click on a course's buy button is doing. */
export type CourseCheckoutState = { step: 'idle' } | { step: 'redirecting' } | { step: 'failed'; message: string };

/**
 * The buy button of a course (or of the community box): a visitor signs in first and comes back to
 * `returnPath`; a signed-in one goes to the hosted checkout.
 */
export function useCourseCheckout(courseId: string, returnPath: string) {
  const visitor = useVisitor();
  const navigate = useNavigate();
  const [state, setState] = useState<CourseCheckoutState>({ step: 'idle' });
  const start = useCallback(async () => {
    if (visitor.status !== 'signed-in') {
      navigate(signInHref(returnPath));
      return;
    }
    setState({ step: 'redirecting' });
    const failure = await startCourseCheckout(courseId);
    // On success the page is being left; keep the busy state until it is.
    if (failure) setState({ step: 'failed', message: failure });
  }, [visitor.status, navigate, courseId, returnPath]);
  return { state, start };
}

/** How the visitor came back from the course's hosted checkout, if they did. */
export type CoursePaymentReturn = 'success' | 'cancelled' | null;

/**
 * Reads `subscription=success|cancelled` once and clears it from the address, so a reload does not
 * claim a payment again. The value stays for the page's lifetime.
 */
export function useCoursePaymentReturn(): CoursePaymentReturn {
  const [params, setParams] = useSearchParams();
  const value = params.get('subscription');
  const [found] = useState<CoursePaymentReturn>(value === 'success' ? 'success' : value === 'cancelled' ? 'cancelled' : null);
  useEffect(() => {
    if (!params.has('subscription')) return;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('subscription');
        return next;
      },
      { replace: true },
    );
  }, [params, setParams]);
  return found;
}

/** After a payment, access is granted by billing's event a moment later: ask again until it shows. */
export const ACCESS_POLL_MS = 1500;
export const ACCESS_WAIT_MS = 30_000;

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/** Runs `check` once, or, while `awaitAccess`, until it says yes or the wait is over. */
export async function checkAccess(check: (signal: AbortSignal) => Promise<boolean>, signal: AbortSignal, awaitAccess: boolean): Promise<boolean> {
  const deadline = Date.now() + ACCESS_WAIT_MS;
  for (;;) {
    const granted = await check(signal);
    if (granted || !awaitAccess || Date.now() + ACCESS_POLL_MS > deadline) return granted;
    await pause(ACCESS_POLL_MS, signal);
  }
}

export const PAYMENT_CANCELLED_TEXT = 'Checkout was cancelled and you were not charged. You can subscribe anytime.';
export const ACCESS_PENDING_TEXT = 'Payment received. Your access opens in a moment…';
export const ACCESS_DELAYED_TEXT = 'Payment received. Your access is taking longer than usual to open: reload the page in a minute.';
