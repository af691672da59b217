import * as z from 'zod/mini';
import { IDENTITY_BASE } from '../http/bases';
import { defineEndpoint } from '../http/endpoint';
import {
  codeExchangeRequest,
  emailLinkRequest,
  emailSent,
  linkOpened,
  openLinkRequest,
  otpRequest,
  otpSent,
  otpVerifyRequest,
  passwordChangeRequest,
  passwordSignInRequest,
  resendConfirmationRequest,
  session,
  signUpRequest,
  signUpResult,
} from './auth';
import { mfaCodeRequest, mfaConfirmRequest, mfaDisableRequest, mfaEnrolment, mfaRecoveryCodes, mfaStatus, mfaVerifyRequest, signInResult } from './mfa';
import { apiKeyCreated, apiKeyCreateRequest, apiKeyList } from './api-keys';
import { adminUserList, adminUserListQuery, adminUserPatch, phoneCodeSent, phoneVerifyRequest, profilePatch, userProfile } from './profile';

/**
 * `{}`: what the cookie-authenticated and the body-less POSTs send. The server accepts a cookie
 * only on a JSON request, which a cross-site form cannot make.
 */
export const emptyJsonBody = z.object({});

/**
 * svc-identity's sign-up, sign-in, session and own-account endpoints, behind the gateway at
 * /api/identity. The calls that make or end a session set or clear the refresh cookie.
 */
export const IDENTITY_ENDPOINTS = {
  signUp: defineEndpoint('POST', IDENTITY_BASE, '/signup', { request: signUpRequest, response: signUpResult }),
  resendConfirmation: defineEndpoint('POST', IDENTITY_BASE, '/signup/resend', { request: resendConfirmationRequest, response: emailSent }),
  signInWithPassword: defineEndpoint('POST', IDENTITY_BASE, '/signin/password', { request: passwordSignInRequest, response: signInResult }),
  exchangeCode: defineEndpoint('POST', IDENTITY_BASE, '/token/exchange', { request: codeExchangeRequest, response: signInResult }),
  openLink: defineEndpoint('POST', IDENTITY_BASE, '/links/open', { request: openLinkRequest, response: linkOpened }),
  recover: defineEndpoint('POST', IDENTITY_BASE, '/recover', { request: emailLinkRequest, response: emailSent }),
  magicLink: defineEndpoint('POST', IDENTITY_BASE, '/magic-link', { request: emailLinkRequest, response: emailSent }),
  requestOtp: defineEndpoint('POST', IDENTITY_BASE, '/otp', { request: otpRequest, response: otpSent }),
  verifyOtp: defineEndpoint('POST', IDENTITY_BASE, '/otp/verify', { request: otpVerifyRequest, response: signInResult }),
  verifyMfa: defineEndpoint('POST', IDENTITY_BASE, '/mfa/verify', { request: mfaVerifyRequest, response: session }),
  /** Under REFRESH_COOKIE_PATH: the refresh cookie is the credential. */
  refresh: defineEndpoint('POST', IDENTITY_BASE, '/token/refresh', { request: emptyJsonBody, response: session }),
  /** Sign out: 204, the cookie cleared. */
  revoke: defineEndpoint('POST', IDENTITY_BASE, '/token/revoke', { request: emptyJsonBody, response: undefined }),
  me: defineEndpoint('GET', IDENTITY_BASE, '/me', { response: userProfile }),
  updateMe: defineEndpoint('PATCH', IDENTITY_BASE, '/me', { request: profilePatch, response: userProfile }),
  changePassword: defineEndpoint('POST', IDENTITY_BASE, '/me/password', { request: passwordChangeRequest, response: userProfile }),
  /** The code texted to the pending phone number makes it the one that signs in. */
  verifyPhone: defineEndpoint('POST', IDENTITY_BASE, '/me/phone/verify', { request: phoneVerifyRequest, response: userProfile }),
  /** 202: a fresh code for the pending phone number (the first is sent when it is set). */
  sendPhoneCode: defineEndpoint('POST', IDENTITY_BASE, '/me/phone/code', { request: emptyJsonBody, response: phoneCodeSent }),
  mfaStatus: defineEndpoint('GET', IDENTITY_BASE, '/me/mfa', { response: mfaStatus }),
  /** 201: a fresh secret, not yet switched on. */
  startMfaEnrolment: defineEndpoint('POST', IDENTITY_BASE, '/me/mfa/enrolment', { request: emptyJsonBody, response: mfaEnrolment }),
  confirmMfaEnrolment: defineEndpoint('POST', IDENTITY_BASE, '/me/mfa/enrolment/confirm', { request: mfaConfirmRequest, response: mfaRecoveryCodes }),
  regenerateRecoveryCodes: defineEndpoint('POST', IDENTITY_BASE, '/me/mfa/recovery-codes', { request: mfaCodeRequest, response: mfaRecoveryCodes }),
  disableMfa: defineEndpoint('POST', IDENTITY_BASE, '/me/mfa/disable', { request: mfaDisableRequest, response: mfaStatus }),
  /** The account's keys that are not revoked, newest first. */
  apiKeys: defineEndpoint('GET', IDENTITY_BASE, '/me/api-keys', { response: apiKeyList }),
  /** 201 with the secret, shown once. A credential change: the current password or a recent sign-in (403 reauthentication_required). */
  createApiKey: defineEndpoint('POST', IDENTITY_BASE, '/me/api-keys', { request: apiKeyCreateRequest, response: apiKeyCreated }),
  /** 204; the key is refused from its next request on. */
  revokeApiKey: defineEndpoint('DELETE', IDENTITY_BASE, '/me/api-keys/:keyId', { response: undefined }),
} as const;

/** svc-identity's admin endpoints; their own table so the sign-in code does not bundle them. */
export const IDENTITY_ADMIN_ENDPOINTS = {
  users: defineEndpoint('GET', IDENTITY_BASE, '/admin/users', { query: adminUserListQuery, response: adminUserList }),
  updateUser: defineEndpoint('PATCH', IDENTITY_BASE, '/admin/users/:id', { request: adminUserPatch, response: userProfile }),
  /** 204: the user signs in with the first factor again. */
  resetMfa: defineEndpoint('DELETE', IDENTITY_BASE, '/admin/users/:id/mfa', { response: undefined }),
} as const;

/** The signing keys, which every service's token verifier fetches (a JWK set, as jose reads it). */
export const IDENTITY_JWKS_ENDPOINT = defineEndpoint('GET', IDENTITY_BASE, '/.well-known/jwks.json', { response: undefined });
