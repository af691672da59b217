import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { signInHref } from '@agentdock/ui';
import { CHECKOUT_FAILED_TEXT } from '@agentdock/contracts';
import { useVisitor } from '../api/visitor';

// The checkout call brings the billing contract's schemas (zod): loaded on the click, so a visitor
// who only reads about a course never downloads them.
const loadCourseCheckout = () => import('./start-course-checkout');

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
    const failure = await loadCourseCheckout().then(
      ({ startCourseCheckout }) => startCourseCheckout(courseId),
      () => CHECKOUT_FAILED_TEXT,
    );
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
const ACCESS_POLL_MS = 1500;
const ACCESS_WAIT_MS = 30_000;

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
