import { createApiClient, type ApiClient } from '@agentdock/api-client';
import {
  IDENTITY_ENDPOINTS,
  type CodeExchangeRequest,
  type EmailLinkRequest,
  type LinkOpened,
  type MfaVerifyRequest,
  type OpenLinkRequest,
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
  openLink(body: OpenLinkRequest): Promise<LinkOpened>;
  verifyMfa(body: MfaVerifyRequest): Promise<Session>;
  refresh(): Promise<Session>;
  revoke(): Promise<void>;
  changePassword(body: PasswordChangeRequest): Promise<UserProfile>;
  updateProfile(patch: ProfilePatch): Promise<UserProfile>;
}

export function createTransport({ baseUrl, fetch, getAccessToken, onUnauthorized }: TransportOptions): Transport {
  // Sign-in calls carry no bearer token: a stale one must never trigger a refresh in the middle.
  const anonymous = createApiClient({ baseUrl, fetch });
  const api = createApiClient({ baseUrl, fetch, getAccessToken, onUnauthorized });
  // The refresh cookie is set by the calls that make a session and read under /token; 'include'
  // also covers a gateway on another origin than the page.
  const withCookie = { credentials: 'include' } as const;
  const endpoints = IDENTITY_ENDPOINTS;

  return {
    api,
    async signUp(body) {
      await anonymous.call(endpoints.signUp, { body });
    },
    async resendConfirmation(body) {
      await anonymous.call(endpoints.resendConfirmation, { body });
    },
    signInWithPassword: (body) => anonymous.call(endpoints.signInWithPassword, { ...withCookie, body }),
    requestOtp: (body) => anonymous.call(endpoints.requestOtp, { body }),
    verifyOtp: (body) => anonymous.call(endpoints.verifyOtp, { ...withCookie, body }),
    async sendMagicLink(body) {
      await anonymous.call(endpoints.magicLink, { body });
    },
    async sendRecovery(body) {
      await anonymous.call(endpoints.recover, { body });
    },
    exchangeCode: (body) => anonymous.call(endpoints.exchangeCode, { ...withCookie, body }),
    openLink: (body) => anonymous.call(endpoints.openLink, { body }),
    verifyMfa: (body) => anonymous.call(endpoints.verifyMfa, { ...withCookie, body }),
    // An empty JSON body: the server accepts cookie-authenticated calls only with a JSON content
    // type, which a cross-site form cannot send.
    refresh: () => anonymous.call(endpoints.refresh, { ...withCookie, body: {} }),
    revoke: () => anonymous.call(endpoints.revoke, { ...withCookie, body: {} }),
    changePassword: (body) => api.call(endpoints.changePassword, { body }),
    updateProfile: (patch) => api.call(endpoints.updateMe, { body: patch }),
  };
}
