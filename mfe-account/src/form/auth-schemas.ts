// The contracts' schemas the auth forms check their input with, in one chunk of their own: zod
// stays off the first view of /signin and /signup and loads when a form is submitted (or focused,
// see useForm's preload), with the parser that words their messages. Import it only through
// load-auth-schemas.ts.
import { emailLinkRequest, mfaCodeRequest, otpVerifyRequest, passwordChangeRequest, passwordSignInRequest, signUpRequest } from '@agentdock/contracts';
import * as z from 'zod/mini';

export { parseWith } from '@agentdock/ui';

export const AUTH_SCHEMAS = {
  passwordSignIn: passwordSignInRequest,
  signUpFields: z.pick(signUpRequest, { email: true, password: true, fullName: true }),
  emailOnly: z.pick(emailLinkRequest, { email: true }),
  otpVerify: otpVerifyRequest,
  passwordChange: passwordChangeRequest,
  mfaCode: mfaCodeRequest,
};
