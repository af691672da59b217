import { createApiClient, type ApiClient } from '@agentdock/api-client';
import {
  emailSent,
  otpSent,
  session,
  signInResult,
  signUpResult,
  userProfile,
  type CodeExchangeRequest,
  type EmailLinkRequest,
  type MfaVerifyRequest,
  type OtpRequest,
  type OtpSent,
  type OtpVerifyRequest,
  type PasswordChangeRequest,
  type PasswordSignInRequest,
  type ProfilePatch,
  type ResendConfirmationRequest,
  type Session,
  type SignInResult,
  type SignUpRequest,
  type UserProfile,
} from '@agentdock/contracts';

export interface TransportOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  getAccessToken: () => Promise<string | null>;
  onUnauthorized: () => Promise<boolean>;
}

/** svc-identity's auth endpoints, validated against the contracts. Loaded only when needed. */
export interface Transport {
  /** Calls with the visitor's bearer token, retried once after a refresh when answered 401. */
  api: ApiClient;
  signUp(body: SignUpRequest): Promise<void>;
  resendConfirmation(body: ResendConfirmationRequest): Promise<void>;
  signInWithPassword(body: PasswordSignInRequest): Promise<SignInResult>;
  requestOtp(body: OtpRequest): Promise<OtpSent>;
  verifyOtp(body: OtpVerifyRequest): Promise<SignInResult>;
  sendMagicLink(body: EmailLinkRequest): Promise<void>;
  sendRecovery(body: EmailLinkRequest): Promise<void>;
  exchangeCode(body: CodeExchangeRequest): Promise<SignInResult>;
  verifyMfa(body: MfaVerifyRequest): Promise<Session>;
  refresh(): Promise<Session>;
  revoke(): Promise<void>;
  changePassword(body: PasswordChangeRequest): Promise<UserProfile>;
  updateProfile(patch: ProfilePatch): Promise<UserProfile>;
}

const IDENTITY = '/api/identity';

export function createTransport({ baseUrl, fetch, getAccessToken, onUnauthorized }: TransportOptions): Transport {
  // Sign-in calls carry no bearer token: a stale one must never trigger a refresh in the middle.
  const anonymous = createApiClient({ baseUrl, fetch });
  const api = createApiClient({ baseUrl, fetch, getAccessToken, onUnauthorized });
  // The refresh cookie is set by the calls that make a session and read under /token; 'include'
  // also covers a gateway on another origin than the page.
  const withCookie = { method: 'POST', credentials: 'include' } as const;

  return {
    api,
    async signUp(body) {
      await anonymous.request(`${IDENTITY}/signup`, { method: 'POST', body, schema: signUpResult });
    },
    async resendConfirmation(body) {
      await anonymous.request(`${IDENTITY}/signup/resend`, { method: 'POST', body, schema: emailSent });
    },
    signInWithPassword: (body) => anonymous.request(`${IDENTITY}/signin/password`, { ...withCookie, body, schema: signInResult }),
    requestOtp: (body) => anonymous.request(`${IDENTITY}/otp`, { method: 'POST', body, schema: otpSent }),
    verifyOtp: (body) => anonymous.request(`${IDENTITY}/otp/verify`, { ...withCookie, body, schema: signInResult }),
    async sendMagicLink(body) {
      await anonymous.request(`${IDENTITY}/magic-link`, { method: 'POST', body, schema: emailSent });
    },
    async sendRecovery(body) {
      await anonymous.request(`${IDENTITY}/recover`, { method: 'POST', body, schema: emailSent });
    },
    exchangeCode: (body) => anonymous.request(`${IDENTITY}/token/exchange`, { ...withCookie, body, schema: signInResult }),
    verifyMfa: (body) => anonymous.request(`${IDENTITY}/mfa/verify`, { ...withCookie, body, schema: session }),
    // An empty JSON body: the server accepts cookie-authenticated calls only with a JSON content
    // type, which a cross-site form cannot send.
    refresh: () => anonymous.request(`${IDENTITY}/token/refresh`, { ...withCookie, body: {}, schema: session }),
    revoke: () => anonymous.request(`${IDENTITY}/token/revoke`, { ...withCookie, body: {} }),
    changePassword: (body) => api.request(`${IDENTITY}/me/password`, { method: 'POST', body, schema: userProfile }),
    updateProfile: (patch) => api.request(`${IDENTITY}/me`, { method: 'PATCH', body: patch, schema: userProfile }),
  };
}
