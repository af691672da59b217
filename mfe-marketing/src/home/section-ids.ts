export const FEATURES_ID = 'features';
export const CONTACT_ID = 'get-in-touch';
/** Rendered by the shell's footer. */
export const FOOTER_ID = 'site-footer';
