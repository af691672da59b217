/** The views of the auth screen (the spec's names). */
export type AuthView = 'sign_in' | 'sign_up' | 'forgotten_password' | 'magic_link' | 'update_password' | 'verify_otp';
