import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@agentdock/api-client';
import { IDENTITY_ERROR_CODES } from '@agentdock/contracts';

/**
 * A credential change (a second factor, an API key) that the server may refuse with
 * reauthentication_required: the form then asks for the current password, takes the visitor to
 * that field, and sends it on the next try. `guard` wraps the call and rethrows its failure, with
 * a wrong current password placed beside its field rather than above the form.
 */
export function useReauthentication() {
  const [askPassword, setAskPassword] = useState(false);
  const passwordRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (askPassword) passwordRef.current?.querySelector('input')?.focus();
  }, [askPassword]);

  async function guard<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === IDENTITY_ERROR_CODES.reauthenticationRequired) setAskPassword(true);
      if (error.code === IDENTITY_ERROR_CODES.invalidCurrentPassword && error.fields.length === 0) {
        throw new ApiError(error.status, error.code, error.message, [{ path: 'currentPassword', message: error.message }], error.requestId);
      }
      throw error;
    }
  }

  return { askPassword, passwordRef, guard };
}
